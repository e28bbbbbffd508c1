import { archiveResponse } from '#app/features/blog/archives.server.ts'
import { blogClientData } from '#app/features/blog/client-data.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { readerHandle } from '#app/features/site/route-handle.ts'
import { siteContext } from '#app/load-context.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/blog-tag'

const BlogListPage = deferred(() =>
	import('#app/features/blog/blog-list-page.tsx').then((module) => module.BlogListPage),
)

export function loader({ params, request, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	return archiveResponse(site.db, 'tag', params.slug, request.url)
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return withDeferred(request, blogClientData(request.url, serverLoader), BlogListPage)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export const handle = readerHandle

export default function BlogTag({ loaderData }: Route.ComponentProps) {
	return <BlogListPage {...loaderData} />
}
