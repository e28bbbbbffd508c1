import { type PostState, postLimits, postsCopy } from '#app/content/posts.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { listPosts } from '#app/features/publishing/posts.server.ts'
import { PostsPage } from '#app/features/publishing/posts-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/posts'

export const meta: Route.MetaFunction = () => consoleMeta(postsCopy.title)

const isState = (value: string | null): value is PostState => value !== null && Object.hasOwn(postsCopy.states, value)

export async function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const params = url.searchParams
	const state = params.get('state')
	const q = (params.get('q') ?? '')
		.replace(/\p{Cc}/gu, ' ')
		.trim()
		.slice(0, postLimits.search)
	const before = rowIdParam(params.get('before'))
	const page = await listPosts(site.db, {
		state: isState(state) ? state : undefined,
		search: q || undefined,
		before,
	})
	const kept = new URLSearchParams({ ...(isState(state) && { state }), ...(q && { q }) })
	const last = page.posts.at(-1)
	if (last) kept.set('before', String(last.id))
	return {
		posts: page.posts,
		filter: { state: isState(state) ? state : '', q },
		olderHref: page.more ? `?${kept}` : null,
		newestHref: before === undefined ? null : consolePaths.posts,
		notice: params.get('done') === 'deleted' ? postsCopy.messages.deleted : null,
	}
}

export default function Posts({ loaderData }: Route.ComponentProps) {
	return <PostsPage {...loaderData} />
}
