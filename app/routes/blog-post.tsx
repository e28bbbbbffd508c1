import { data } from 'react-router'
import { negotiatedHeaders } from '#app/features/answer-engines/negotiation.server.ts'
import { articlePage } from '#app/features/blog/article.server.ts'
import { articleSeo, BLOG_CACHE_CONTROL, postNotFoundSeo } from '#app/features/blog/blog-seo.server.ts'
import { blogClientData } from '#app/features/blog/client-data.ts'
import { articlePath } from '#app/features/blog/paths.ts'
import { followStoredRedirect } from '#app/features/publishing/redirects.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import { readerHandle } from '#app/features/site/route-handle.ts'
import { siteContext } from '#app/load-context.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/blog-post'

const ArticlePage = deferred(() => import('#app/features/blog/article-page.tsx').then((module) => module.ArticlePage))

export async function loader({ params, context, url: address }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const { article, sidebar, related } = await articlePage(site.db, params.slug, site.config.BLOG_EMBED_HOSTS)
	const headers = { 'Cache-Control': BLOG_CACHE_CONTROL }
	if (!article) {
		await followStoredRedirect(site, address)
		return data({ article: null, sidebar, url: null, seo: postNotFoundSeo(params.slug) }, { status: 404, headers })
	}
	const url = canonicalUrl(siteConfig().siteUrl, articlePath(article.seoSlug))
	// Its Markdown version answers the same address for a request that asks for Markdown (server/markdown-versions.ts).
	const negotiated = negotiatedHeaders(site.config, siteConfig().siteUrl, articlePath(article.seoSlug))
	return data({ article, sidebar, related, url, seo: articleSeo(article) }, { headers: { ...headers, ...negotiated } })
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return withDeferred(request, blogClientData(request.url, serverLoader), ArticlePage)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export const handle = readerHandle

export default function BlogPost({ loaderData }: Route.ComponentProps) {
	return <ArticlePage {...loaderData} />
}
