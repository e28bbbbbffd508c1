import { useNavigation } from 'react-router'
import { blogCopy } from '#app/content/blog.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { ArticleContent, BackToBlog, CtaCard, PostNotFound, RelatedPosts, ShareButtons } from './article.tsx'
import { ArticleSkeleton, BlogSidebar, RetryLink, UnavailableMeta } from './blog-ui.tsx'
import type { BlogUnavailable } from './client-data.ts'
import { articlePath, blogPathKind } from './paths.ts'
import type { ArticleView, BlogSidebarData, PostCard } from './types.ts'

type ArticlePageProps =
	| BlogUnavailable
	| { article: ArticleView | null; sidebar: BlogSidebarData; url: string | null; related?: PostCard[] }

export function ArticlePage(props: ArticlePageProps) {
	const site = useSite()
	const navigation = useNavigation()
	// Data that could not be loaded shows as Post Not Found (spec: "No post returned or unsuccessful response").
	const loaded = 'unavailable' in props ? null : props
	const article = loaded?.article ?? null
	// Loading restarts whenever the next location is another article, including a different slug.
	const loading =
		navigation.state === 'loading' &&
		blogPathKind(navigation.location.pathname) === 'article' &&
		navigation.location.pathname !== (article && articlePath(article.seoSlug))
	return (
		<div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
			<div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
				<div className="min-w-0">
					{article || loading ? <BackToBlog /> : null}
					{loading ? (
						<div className="mt-6">
							<ArticleSkeleton />
						</div>
					) : article && loaded?.url ? (
						<>
							<ArticleContent article={article} brandName={site.brandName} />
							<ShareButtons url={loaded.url} title={article.title} />
							<CtaCard appUrl={site.appUrl} />
							<RelatedPosts posts={loaded.related ?? []} />
						</>
					) : loaded ? (
						<PostNotFound />
					) : (
						<PostNotFound>
							<UnavailableMeta title={blogCopy.notFound.title} />
							<RetryLink />
						</PostNotFound>
					)}
				</div>
				<div className="hidden lg:block">
					<BlogSidebar sidebar={loaded?.sidebar} />
				</div>
			</div>
		</div>
	)
}
