import { newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { startSendAction, testSendAction } from '#app/features/newsletter/send-actions.server.ts'
import { contentOfPost, countRecipients, sampleIssueEmail, sendOfPost } from '#app/features/newsletter/sends.server.ts'
import { PostEmailPage } from '#app/features/newsletter/sends-pages.tsx'
import { postState, requirePost } from '#app/features/publishing/posts.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-email'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = ({ loaderData }) =>
	consoleMeta(loaderData ? newsletterSendsCopy.email.title(loaderData.post.title) : newsletterSendsCopy.title)

export async function loader({ context, params }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	const post = await requirePost(site.db, params.id)
	const [sendId, recipients, content] = await Promise.all([
		sendOfPost(site.db, post.id),
		countRecipients(site.db),
		contentOfPost(site.db, site.config, post),
	])
	const email = sampleIssueEmail(content, session.operator.email, site.config.SITE_URL)
	return {
		post: { id: post.id, title: post.title, published: postState(post) === 'published' },
		sendId,
		recipients,
		previewText: email.text,
		operatorEmail: session.operator.email,
		postalMissing: !site.config.POSTAL_ADDRESS.trim(),
	}
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const post = await requirePost(site.db, params.id)
	return url.searchParams.get('intent') === 'send'
		? startSendAction(request, site, post)
		: testSendAction(request, site, post)
}

export default function PostEmail({ loaderData, actionData }: Route.ComponentProps) {
	return <PostEmailPage {...loaderData} result={actionData} />
}
