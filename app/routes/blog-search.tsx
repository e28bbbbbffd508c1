import { data } from 'react-router'
import { searchSeo } from '#app/features/blog/blog-seo.server.ts'
import { blogClientData } from '#app/features/blog/client-data.ts'
import { blogSidebar } from '#app/features/blog/posts.server.ts'
import { blogSearch, searchCacheControl, searchStatus } from '#app/features/blog/search.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { readerHandle } from '#app/features/site/route-handle.ts'
import { siteContext } from '#app/load-context.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/blog-search'

const BlogSearchPage = deferred(() =>
	import('#app/features/blog/blog-search-page.tsx').then((module) => module.BlogSearchPage),
)

export async function loader({ url, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const params = url.searchParams
	const [view, sidebar] = await Promise.all([
		blogSearch(site.db, params.get('q'), params.get('page')),
		blogSidebar(site.db),
	])
	return data(
		{ ...view, sidebar, seo: searchSeo(view) },
		{ status: searchStatus(view), headers: { 'Cache-Control': searchCacheControl(view) } },
	)
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return withDeferred(request, blogClientData(request.url, serverLoader), BlogSearchPage)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export const handle = readerHandle

export default function BlogSearch({ loaderData }: Route.ComponentProps) {
	return <BlogSearchPage {...loaderData} />
}
