import { postsCopy } from '#app/content/posts.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { restoreRevisionAction } from '#app/features/publishing/actions.server.ts'
import { listRevisions, requirePost, revisionComparison } from '#app/features/publishing/posts.server.ts'
import { RevisionsPage } from '#app/features/publishing/revisions-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-revisions'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(postsCopy.revisions.title)

export async function loader({ params, context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const post = await requirePost(site.db, params.id)
	const compare = rowIdParam(url.searchParams.get('compare'))
	const [revisions, comparison] = await Promise.all([
		listRevisions(site.db, post.id),
		compare === undefined ? null : revisionComparison(site.db, post.id, compare),
	])
	return { post: { id: post.id, title: post.title }, revisions, comparison }
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const post = await requirePost(site.db, params.id)
	return restoreRevisionAction(request, site, post.id)
}

export default function PostRevisions({ loaderData, actionData }: Route.ComponentProps) {
	return <RevisionsPage {...loaderData} result={actionData} />
}
