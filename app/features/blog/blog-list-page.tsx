import { Link, useNavigation } from 'react-router'
import { blogConstants, blogCopy } from '../../content/blog.ts'
import { pagePaths } from '../../content/page-paths.ts'
import { buttonClass } from '../../ui/button.ts'
import { ArticleSkeleton, BlogSidebar, Pagination, PostCardView, PostListSkeleton } from './blog-ui.tsx'
import type { BlogSidebarData, PostCard } from './types.ts'

type BlogListProps = { page: number; found: boolean; posts: PostCard[]; sidebar: BlogSidebarData }

export function BlogListPage({ page, found, posts, sidebar }: BlogListProps) {
	const navigation = useNavigation()
	const target = navigation.state === 'loading' ? navigation.location.pathname : null
	// The list stays mounted until the article's data arrives, so it shows the article's skeleton meanwhile.
	const openingArticle = target?.startsWith(`${pagePaths.blog}/`) ?? false
	return (
		<div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
			<header className="max-w-3xl">
				<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{blogCopy.heading}</h1>
				<p className="mt-4 text-lg text-slate-700">{blogCopy.lead}</p>
			</header>
			<div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
				<section aria-label="Posts">
					{openingArticle ? (
						<ArticleSkeleton />
					) : target === pagePaths.blog ? (
						<PostListSkeleton />
					) : !found ? (
						<div className="rounded-xl border border-slate-200 p-10 text-center">
							<h2 className="text-2xl font-bold text-slate-900">Page Not Found</h2>
							<p className="mt-3 text-slate-700">{blogCopy.pageLabel(page)} has no posts.</p>
							<Link to={pagePaths.blog} className={`${buttonClass('primary', 'md')} mt-6`}>
								{blogCopy.article.back}
							</Link>
						</div>
					) : posts.length === 0 ? (
						<div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
							<h2 className="text-2xl font-bold text-slate-900">{blogCopy.emptyHeading}</h2>
							<p className="mt-3 text-slate-700">{blogCopy.emptyText}</p>
						</div>
					) : (
						<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
							{posts.map((post, index) => (
								<PostCardView key={post.id} post={post} first={index === 0} />
							))}
						</div>
					)}
					{found && (page > 1 || posts.length > 0) ? (
						<Pagination page={page} hasNext={posts.length === blogConstants.postsPerPage} />
					) : null}
				</section>
				<BlogSidebar sidebar={sidebar} />
			</div>
		</div>
	)
}
