import { data } from 'react-router'
import { postsCopy } from '#app/content/posts.ts'
import { articleView } from '#app/features/blog/article.server.ts'
import { ArticlePage } from '#app/features/blog/article-page.tsx'
import { articlePath } from '#app/features/blog/paths.ts'
import { blogSidebar } from '#app/features/blog/posts.server.ts'
import { withFeaturedMedia } from '#app/features/media/responsive.server.ts'
import { asPostRow, postByPreviewToken } from '#app/features/publishing/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/blog-preview'

/** Never kept by a cache or a search engine, and the secret address is not passed on to other sites. */
const privateHeaders = {
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const post = await postByPreviewToken(site.db, params.token)
	if (!post) throw data(null, { status: 404, headers: privateHeaders })
	const sidebar = await blogSidebar(site.db)
	const article = await withFeaturedMedia(site.db, articleView(asPostRow(post), site.config.BLOG_EMBED_HOSTS))
	return data(
		{ article, sidebar, url: canonicalUrl(siteConfig().siteUrl, articlePath(post.seo_slug)) },
		{ headers: privateHeaders },
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${postsCopy.preview.banner} ${loaderData.article.title}` : postsCopy.preview.banner },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders

/** A draft or scheduled post through its secret link: the real article page, with a line saying it is a preview. */
export default function BlogPreview({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<p role="note" className="bg-amber-100 px-4 py-3 text-center text-sm font-medium text-amber-950">
				{postsCopy.preview.banner}
			</p>
			<ArticlePage {...loaderData} />
		</>
	)
}
