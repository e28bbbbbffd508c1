import { Link, useLocation, useNavigation } from 'react-router'
import { blogCopy } from '#app/content/blog.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { buttonClass } from '#app/ui/button.ts'
import {
	ArticleSkeleton,
	BlogSidebar,
	Pagination,
	PostCardView,
	PostListSkeleton,
	RetryLink,
	UnavailableMeta,
} from './blog-ui.tsx'
import type { BlogUnavailable } from './client-data.ts'
import { archivePath, blogListPath, blogPathKind } from './paths.ts'
import type { ArchiveView, BlogListView, BlogSidebarData } from './types.ts'

type BlogListProps = BlogUnavailable | ((BlogListView | ArchiveView) & { sidebar: BlogSidebarData })

/** The heading, lead, page addresses and first page of the list shown: the blog's, or one category's or tag's. */
function listFrame(list: BlogListProps | null, pathname: string) {
	const archive = list && 'kind' in list ? list : null
	const term = archive?.term
	if (!archive || !term) {
		return {
			heading: blogCopy.heading,
			lead: blogCopy.lead,
			pagePath: blogListPath,
			first: pagePaths.blog,
			path: pagePaths.blog,
		}
	}
	const copy = blogCopy.archive
	return {
		heading: copy[term.kind].heading(term.name),
		lead: copy.count(term.count),
		pagePath: (page: number) => archivePath(term.kind, term.slug, page),
		first: archivePath(term.kind, term.slug),
		path: pathname,
	}
}

/** The blog list, and a category's or tag's archive: 12 cards a page with Previous and Next, and the sidebar. */
export function BlogListPage(props: BlogListProps) {
	const navigation = useNavigation()
	const { pathname } = useLocation()
	const target = navigation.state === 'loading' ? navigation.location.pathname : null
	const targetKind = target === null ? null : blogPathKind(target)
	// Data that could not be loaded shows as an empty list (spec: blog fetches return empty data on error).
	const list = 'unavailable' in props ? null : props
	const frame = listFrame(list, pathname)
	return (
		<div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
			{list ? null : <UnavailableMeta title={blogCopy.heading} />}
			<header className="max-w-3xl">
				<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{frame.heading}</h1>
				<p className="mt-4 text-lg text-slate-700">{frame.lead}</p>
				{frame.path === pagePaths.blog ? null : (
					<p className="mt-2">
						<Link to={pagePaths.blog} className="font-medium text-brand-700 hover:underline">
							{blogCopy.archive.backToAll}
						</Link>
					</p>
				)}
			</header>
			<div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
				<section aria-label="Posts">
					{/* The list stays mounted until the article's data arrives, so it shows the article's skeleton meanwhile. */}
					{targetKind === 'article' ? (
						<ArticleSkeleton />
					) : target !== null && (target === frame.path || targetKind === 'list' || targetKind === 'archive') ? (
						<PostListSkeleton />
					) : list?.notFound ? (
						<div className="rounded-xl border border-slate-200 p-10 text-center">
							<h2 className="text-2xl font-bold text-slate-900">{blogCopy.noSuchPage.heading}</h2>
							<p className="mt-3 text-slate-700">{list.notFound}</p>
							<Link to={frame.first} className={`${buttonClass('primary', 'md')} mt-6`}>
								{blogCopy.noSuchPage.first}
							</Link>
						</div>
					) : !list?.posts.length ? (
						<div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
							<h2 className="text-2xl font-bold text-slate-900">{blogCopy.emptyHeading}</h2>
							<p className="mt-3 text-slate-700">{blogCopy.emptyText}</p>
							{list ? null : (
								<p className="mt-6">
									<RetryLink />
								</p>
							)}
						</div>
					) : (
						<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
							{list.posts.map((post, index) => (
								<PostCardView key={post.id} post={post} first={index === 0} />
							))}
						</div>
					)}
					{list && !list.notFound && (list.page > 1 || list.posts.length > 0) ? (
						<Pagination page={list.page} hasNext={list.hasNext} pagePath={frame.pagePath} />
					) : null}
				</section>
				<BlogSidebar sidebar={list?.sidebar} />
			</div>
		</div>
	)
}
