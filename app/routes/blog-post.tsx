import { data, useNavigation } from 'react-router'
import { getArticle } from '../features/blog/article.server.ts'
import { ArticleContent, BackToBlog, CtaCard, PostNotFound, ShareButtons } from '../features/blog/article.tsx'
import { articleSeo, BLOG_CACHE_CONTROL, postNotFoundSeo } from '../features/blog/blog-seo.server.ts'
import { ArticleSkeleton, BlogSidebar } from '../features/blog/blog-ui.tsx'
import { blogClientData } from '../features/blog/client-data.ts'
import { blogSidebar } from '../features/blog/posts.server.ts'
import { metaFromLoader } from '../features/site/meta.ts'
import { siteConfig } from '../features/site/page-seo.server.ts'
import { canonicalUrl } from '../features/site/seo.ts'
import { useSite } from '../features/site/use-site.ts'
import type { Route } from './+types/blog-post'

export async function loader({ params, context }: Route.LoaderArgs) {
	const [article, sidebar] = await Promise.all([
		getArticle(context.db, params.slug, context.config.BLOG_EMBED_HOSTS),
		blogSidebar(context.db),
	])
	const headers = { 'Cache-Control': BLOG_CACHE_CONTROL }
	if (!article) {
		return data({ article: null, sidebar, url: null, seo: postNotFoundSeo(params.slug) }, { status: 404, headers })
	}
	const url = canonicalUrl(siteConfig().siteUrl, `/blog/${article.seoSlug}`)
	return data({ article, sidebar, url, seo: articleSeo(article) }, { headers })
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
	return blogClientData(request.url, serverLoader)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = metaFromLoader

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
	const { article, sidebar, url } = loaderData
	const site = useSite()
	const navigation = useNavigation()
	// Loading restarts whenever the next location is another article, including a different slug.
	const loading =
		navigation.state === 'loading' &&
		navigation.location.pathname.startsWith('/blog/') &&
		navigation.location.pathname !== `/blog/${article?.seoSlug}`
	return (
		<div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
			<div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
				<div className="min-w-0">
					{article || loading ? <BackToBlog /> : null}
					{loading ? (
						<div className="mt-6">
							<ArticleSkeleton />
						</div>
					) : article && url ? (
						<>
							<ArticleContent article={article} brandName={site.brandName} />
							<ShareButtons url={url} title={article.title} />
							<CtaCard appUrl={site.appUrl} />
						</>
					) : (
						<PostNotFound />
					)}
				</div>
				<div className="hidden lg:block">
					<BlogSidebar sidebar={sidebar} />
				</div>
			</div>
		</div>
	)
}
