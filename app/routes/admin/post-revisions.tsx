import { data } from 'react-router'
import { postsCopy } from '../../content/posts.ts'
import { consoleMeta } from '../../features/console/use-console.ts'
import { requireOperator } from '../../features/operators/console.server.ts'
import { rowIdParam } from '../../features/operators/schemas.ts'
import { restoreRevisionAction } from '../../features/publishing/actions.server.ts'
import { getPost, listRevisions } from '../../features/publishing/posts.server.ts'
import { RevisionsPage } from '../../features/publishing/revisions-page.tsx'
import type { Route } from './+types/post-revisions'

export const meta: Route.MetaFunction = () => consoleMeta(postsCopy.revisions.title)

async function postOf(params: { id: string }, context: Route.LoaderArgs['context']) {
	const id = rowIdParam(params.id)
	const post = id === undefined ? null : await getPost(context.db, id)
	if (!post) throw data(postsCopy.messages.notFound, { status: 404 })
	return post
}

export async function loader({ params, context }: Route.LoaderArgs) {
	requireOperator(context)
	const post = await postOf(params, context)
	return { post: { id: post.id, title: post.title }, revisions: await listRevisions(context.db, post.id) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
	requireOperator(context)
	const post = await postOf(params, context)
	return restoreRevisionAction(request, context, post.id)
}

export default function PostRevisions({ loaderData, actionData }: Route.ComponentProps) {
	return <RevisionsPage {...loaderData} result={actionData} />
}
