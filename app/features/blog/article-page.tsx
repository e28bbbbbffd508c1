import { useNavigation } from 'react-router'
import { pagePaths } from '../../content/page-paths.ts'
import { useSite } from '../site/use-site.ts'
import { ArticleContent, BackToBlog, CtaCard, PostNotFound, ShareButtons } from './article.tsx'
import { ArticleSkeleton, BlogSidebar } from './blog-ui.tsx'
import { articlePath } from './paths.ts'
import type { ArticleView, BlogSidebarData } from './types.ts'

type ArticlePageProps = { article: ArticleView | null; sidebar: BlogSidebarData; url: string | null }

export function ArticlePage({ article, sidebar, url }: ArticlePageProps) {
	const site = useSite()
	const navigation = useNavigation()
	// Loading restarts whenever the next location is another article, including a different slug.
	const loading =
		navigation.state === 'loading' &&
		navigation.location.pathname.startsWith(`${pagePaths.blog}/`) &&
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
