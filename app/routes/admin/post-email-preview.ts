import { requireOperator } from '#app/features/console/console.server.ts'
import { contentOfPost, sampleIssueEmail } from '#app/features/newsletter/sends.server.ts'
import { requirePost } from '#app/features/publishing/posts.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-email-preview'

/** The post's email as subscribers get it, as a page of its own: what an email client would show. */
export async function loader({ context, params }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	const post = await requirePost(site.db, params.id)
	const email = sampleIssueEmail(
		await contentOfPost(site.db, site.config, post),
		session.operator.email,
		site.config.SITE_URL,
	)
	return new Response(email.html, {
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
