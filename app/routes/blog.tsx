import { data } from 'react-router'
import { BLOG_CACHE_CONTROL, blogListSeo } from '../features/blog/blog-seo.server.ts'
import { blogClientData } from '../features/blog/client-data.ts'
import { blogSidebar, listPublishedPosts } from '../features/blog/posts.server.ts'
import { metaFromLoader } from '../features/site/meta.ts'
import { deferred, withDeferred } from '../ui/deferred.tsx'
import type { Route } from './+types/blog'

const BlogListPage = deferred(() => import('../features/blog/blog-list-page.tsx').then((module) => module.BlogListPage))

/** Page number from `?page=`; anything but a whole number from 1 up is not a page. */
function pageOf(url: URL): number | null {
	const raw = url.searchParams.get('page')
	if (raw === null) return 1
	return /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const page = pageOf(new URL(request.url))
	const [posts, sidebar] = await Promise.all([
		page === null ? [] : listPublishedPosts(context.db, page),
		blogSidebar(context.db),
	])
	const found = page !== null && (page === 1 || posts.length > 0)
	return data(
		{ page: page ?? 1, found, posts, sidebar, seo: blogListSeo(page ?? 1, found) },
		{ status: found ? 200 : 404, headers: { 'Cache-Control': BLOG_CACHE_CONTROL } },
	)
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return withDeferred(request, blogClientData(request.url, serverLoader), BlogListPage)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export default function Blog({ loaderData }: Route.ComponentProps) {
	const { page, found, posts, sidebar } = loaderData
	return <BlogListPage page={page} found={found} posts={posts} sidebar={sidebar} />
}
