import { data } from 'react-router'
import { pages } from '#app/content/pages.ts'
import { negotiatedHeaders } from '#app/features/answer-engines/negotiation.server.ts'
import { BLOG_CACHE_CONTROL, blogListSeo } from '#app/features/blog/blog-seo.server.ts'
import { blogClientData } from '#app/features/blog/client-data.ts'
import { blogListPage, blogSidebar } from '#app/features/blog/posts.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { readerHandle } from '#app/features/site/route-handle.ts'
import { siteContext } from '#app/load-context.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/blog'

const BlogListPage = deferred(() =>
	import('#app/features/blog/blog-list-page.tsx').then((module) => module.BlogListPage),
)

export async function loader({ url, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const [list, sidebar] = await Promise.all([blogListPage(site.db, url.searchParams.get('page')), blogSidebar(site.db)])
	const found = list.notFound === null
	return data(
		{ ...list, sidebar, seo: blogListSeo(list.page, found, list.posts) },
		{
			status: found ? 200 : 404,
			headers: {
				'Cache-Control': BLOG_CACHE_CONTROL,
				...negotiatedHeaders(site.config, siteConfig().siteUrl, pages.blog.path),
			},
		},
	)
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return withDeferred(request, blogClientData(request.url, serverLoader), BlogListPage)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export const handle = readerHandle

export default function Blog({ loaderData }: Route.ComponentProps) {
	return <BlogListPage {...loaderData} />
}
