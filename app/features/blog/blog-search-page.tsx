import type { ReactNode } from 'react'
import { Link, useNavigation } from 'react-router'
import { blogConstants, blogCopy } from '#app/content/blog.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { buttonClass } from '#app/ui/button.ts'
import {
	BlogSidebar,
	Pagination,
	PostCardView,
	PostListSkeleton,
	RetryLink,
	SearchBox,
	UnavailableMeta,
} from './blog-ui.tsx'
import type { BlogUnavailable } from './client-data.ts'
import { blogPathKind, searchPath } from './paths.ts'
import type { BlogSidebarData, SearchResult, SearchView } from './types.ts'

type BlogSearchProps = BlogUnavailable | (SearchView & { sidebar: BlogSidebarData })

/** Where a result matched: the snippet's text with the matched words marked. */
function Snippet({ parts }: { parts: SearchResult['snippet'] }) {
	if (parts.length === 0) return null
	return (
		<p className="mt-3 text-sm text-slate-700" data-testid="search-snippet">
			{parts.map((part, n) =>
				part.match ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never reorder.
					<mark key={n} className="rounded bg-amber-100 px-0.5 text-slate-900">
						{part.text}
					</mark>
				) : (
					part.text
				),
			)}
		</p>
	)
}

/** A box with a heading and a text, for a search that shows no results. */
function Notice({ heading, children }: { heading: string; children: ReactNode }) {
	return (
		<div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
			<h2 className="text-2xl font-bold text-slate-900">{heading}</h2>
			<div className="mt-3 space-y-3 text-slate-700">{children}</div>
		</div>
	)
}

/** The search page: the box, ranked results with snippets 12 a page, and a helpful page when there are none. */
export function BlogSearchPage(props: BlogSearchProps) {
	const navigation = useNavigation()
	const view = 'unavailable' in props ? null : props
	const copy = blogCopy.search
	const loading = navigation.state === 'loading' && blogPathKind(navigation.location.pathname) === 'search'
	const query = view?.query ?? ''
	return (
		<div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
			{view ? null : <UnavailableMeta title={copy.title} />}
			<header className="max-w-3xl">
				<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">
					{view && query && view.problem === null ? copy.resultsFor(query) : copy.heading}
				</h1>
				<div className="mt-6">
					<SearchBox query={query} large />
				</div>
			</header>
			<div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
				<section aria-label={copy.resultsLabel}>
					{loading ? (
						<PostListSkeleton />
					) : !view ? (
						<Notice heading={copy.noResultsHeading}>
							<p>
								<RetryLink />
							</p>
						</Notice>
					) : view.problem === 'empty' ? (
						<Notice heading={copy.emptyHeading}>
							<p>{copy.emptyText}</p>
							<p>{copy.tips}</p>
						</Notice>
					) : view.problem === 'too-long' ? (
						<Notice heading={copy.tooLongHeading}>
							<p>{copy.tooLongText(blogConstants.searchMaxLength)}</p>
						</Notice>
					) : view.problem === 'too-complex' ? (
						<Notice heading={copy.tooComplexHeading}>
							<p>{copy.tooComplexText(blogConstants.searchMaxWords, blogConstants.searchMaxAlternatives)}</p>
							<p>{copy.tips}</p>
						</Notice>
					) : view.problem === 'slow' ? (
						<Notice heading={copy.slowHeading}>
							<p>{copy.slowText}</p>
							<p>
								<RetryLink />
							</p>
						</Notice>
					) : view.problem === 'no-page' ? (
						<Notice heading={blogCopy.noSuchPage.heading}>
							<p>{view.notFound}</p>
							<p>
								<Link to={query ? searchPath(query) : pagePaths.blog} className={buttonClass('primary', 'md')}>
									{blogCopy.noSuchPage.first}
								</Link>
							</p>
						</Notice>
					) : view.results.length === 0 ? (
						<Notice heading={copy.noResultsHeading}>
							<p>{copy.noResultsText}</p>
							<p>{copy.tips}</p>
						</Notice>
					) : (
						<>
							<div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
								{view.results.map((result, index) => (
									<PostCardView key={result.id} post={{ ...result, excerpt: '' }} first={index === 0}>
										<Snippet parts={result.snippet} />
									</PostCardView>
								))}
							</div>
							<Pagination
								page={view.page}
								hasNext={view.hasNext}
								pagePath={(page) => searchPath(query, page)}
								label={copy.pagesLabel}
							/>
						</>
					)}
				</section>
				<BlogSidebar sidebar={view?.sidebar} search={false} />
			</div>
		</div>
	)
}
