import { postsCopy } from '../../content/posts.ts'
import { consoleMeta } from '../../features/console/use-console.ts'
import { requireOperator } from '../../features/operators/console.server.ts'
import { restoreRevisionAction } from '../../features/publishing/actions.server.ts'
import { listRevisions, requirePost } from '../../features/publishing/posts.server.ts'
import { RevisionsPage } from '../../features/publishing/revisions-page.tsx'
import type { Route } from './+types/post-revisions'

export const meta: Route.MetaFunction = () => consoleMeta(postsCopy.revisions.title)

export async function loader({ params, context }: Route.LoaderArgs) {
	requireOperator(context)
	const post = await requirePost(context.db, params.id)
	return { post: { id: post.id, title: post.title }, revisions: await listRevisions(context.db, post.id) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
	requireOperator(context)
	const post = await requirePost(context.db, params.id)
	return restoreRevisionAction(request, context, post.id)
}

export default function PostRevisions({ loaderData, actionData }: Route.ComponentProps) {
	return <RevisionsPage {...loaderData} result={actionData} />
}
