import { type ImgHTMLAttributes, type ReactNode, useEffect, useId } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { blogConstants, blogCopy } from '#app/content/blog.ts'
import { NewsletterForm } from '#app/features/newsletter/newsletter-form.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { archivePath, articlePath, blogListPath, SEARCH_PATH } from './paths.ts'
import { type TermKind, termSlug } from './terms.ts'
import { type BlogSidebarData, emptySidebar, type PostCard, type ResponsivePicture } from './types.ts'

/** An uploaded featured image as AVIF or WebP at the width the layout needs, sized so nothing shifts. */
export function FeaturedImage({
	picture,
	sizes,
	alt,
	...image
}: ImgHTMLAttributes<HTMLImageElement> & { picture?: ResponsivePicture; sizes: string }) {
	const img = <img alt={alt} width={picture?.width ?? 1200} height={picture?.height ?? 630} {...image} />
	if (!picture) return img
	return (
		<picture>
			{picture.sources.map((source) => (
				<source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
			))}
			{img}
		</picture>
	)
}

/** A category or tag name linking to its archive page; a name without letters or digits has none and stays text. */
export function TermLink({ kind, name, className }: { kind: TermKind; name: string; className: string }) {
	const slug = termSlug(name)
	const label = kind === 'tag' ? `#${name}` : name
	if (!slug) return <span className={className}>{label}</span>
	return (
		<Link to={archivePath(kind, slug)} className={`${className} hover:underline`}>
			{label}
		</Link>
	)
}

/** A card's width: the whole column on a phone, half of it from `sm`, a third (280 px at most) from `xl`. */
const cardSizes =
	'(min-width: 1280px) 280px, (min-width: 1024px) calc(50vw - 208px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)'

/** A post in the list; the first card's image is the phone's largest paint, so it loads at once and first. */
export function PostCardView({
	post,
	first = false,
	heading: Heading = 'h2',
	children,
}: {
	post: PostCard
	first?: boolean
	/** The card title's level: h3 where the cards sit under a heading of their own. */
	heading?: 'h2' | 'h3'
	/** Shown under the excerpt (a search result's snippet). */
	children?: ReactNode
}) {
	return (
		<article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
			{post.featuredImage ? (
				<FeaturedImage
					picture={post.featuredPicture}
					sizes={cardSizes}
					src={post.featuredImage}
					alt={post.featuredImageAlt}
					loading={first ? 'eager' : 'lazy'}
					fetchPriority={first ? 'high' : undefined}
					decoding="async"
					className="aspect-[40/21] w-full bg-slate-100 object-cover"
				/>
			) : null}
			<div className="flex flex-1 flex-col p-5">
				{post.categories.length > 0 ? (
					<ul className="mb-3 flex flex-wrap gap-2" aria-label="Categories">
						{post.categories.map((category) => (
							<li key={category}>
								<TermLink
									kind="category"
									name={category}
									className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700"
								/>
							</li>
						))}
					</ul>
				) : null}
				<Heading className="text-lg font-semibold text-slate-900">
					<Link to={articlePath(post.seoSlug)} className="hover:text-brand-700">
						{post.title}
					</Link>
				</Heading>
				<div className="mt-2 flex-1">
					{post.excerpt ? <p className="line-clamp-3 text-slate-700">{post.excerpt}</p> : null}
					{children}
				</div>
				<time dateTime={post.publishedAt} className="mt-4 text-sm text-slate-600">
					{post.date}
				</time>
			</div>
		</article>
	)
}

function Bar({ className }: { className: string }) {
	return <div className={`animate-pulse rounded bg-slate-200 ${className}`} />
}

/** Stable keys for placeholder rows that never reorder. */
const skeletonKeys = (count: number) => Array.from({ length: count }, (_, n) => `skeleton-${n + 1}`)

export function PostCardSkeleton() {
	return (
		<div data-testid="post-skeleton" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
			<Bar className="aspect-[40/21] w-full rounded-none" />
			<div className="space-y-3 p-5">
				<Bar className="h-4 w-1/3" />
				<Bar className="h-5 w-5/6" />
				<Bar className="h-4 w-full" />
				<Bar className="h-4 w-2/3" />
			</div>
		</div>
	)
}

export function PostListSkeleton() {
	return (
		<div aria-busy="true" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
			<span className="sr-only">{blogCopy.loading}</span>
			{skeletonKeys(blogConstants.skeletonCards).map((key) => (
				<PostCardSkeleton key={key} />
			))}
		</div>
	)
}

export function ArticleSkeleton() {
	return (
		<div data-testid="article-skeleton" aria-busy="true" className="space-y-4">
			<span className="sr-only">{blogCopy.loading}</span>
			<Bar className="h-4 w-24" />
			<Bar className="h-10 w-4/5" />
			<Bar className="h-4 w-1/2" />
			<Bar className="mt-8 aspect-[40/21] w-full" />
			{skeletonKeys(6).map((key) => (
				<Bar key={key} className="h-4 w-full" />
			))}
		</div>
	)
}

const sidebarHeading = 'text-sm font-semibold tracking-wide text-slate-900 uppercase'

/** A search form that works without JavaScript: a GET to the search page. */
export function SearchBox({ query = '', large = false }: { query?: string; large?: boolean }) {
	const id = useId()
	const copy = blogCopy.search
	return (
		<Form method="get" action={SEARCH_PATH} role="search" className="flex gap-2">
			<label htmlFor={id} className="sr-only">
				{copy.label}
			</label>
			<input
				id={id}
				type="search"
				name="q"
				defaultValue={query}
				maxLength={blogConstants.searchMaxLength}
				placeholder={copy.placeholder}
				className={`min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-slate-900 placeholder:text-slate-500 ${large ? 'py-2.5 text-base' : 'py-2 text-sm'}`}
			/>
			<button type="submit" className={buttonClass('primary', 'md')}>
				{copy.submit}
			</button>
		</Form>
	)
}

/** The sidebar a blog page last showed in this tab. */
let shownSidebar = emptySidebar

/**
 * The blog sidebar; without data (a page whose data could not be loaded) it shows the one last shown. The search page
 * has its own search box and leaves this one out.
 */
export function BlogSidebar({
	sidebar = shownSidebar,
	search = true,
}: {
	sidebar?: BlogSidebarData
	search?: boolean
}) {
	useEffect(() => {
		shownSidebar = sidebar
	}, [sidebar])
	return (
		<aside aria-label="Blog sidebar" className="space-y-8">
			{search ? <SearchBox /> : null}
			{sidebar.recent.length > 0 ? (
				<section aria-labelledby="recent-posts">
					<h2 id="recent-posts" className={sidebarHeading}>
						{blogCopy.sidebar.recent}
					</h2>
					<ul className="mt-3 space-y-3">
						{sidebar.recent.map((post) => (
							<li key={post.id}>
								<Link to={articlePath(post.seoSlug)} className="font-medium text-slate-800 hover:text-brand-700">
									{post.title}
								</Link>
								<p className="text-sm text-slate-600">{post.date}</p>
							</li>
						))}
					</ul>
				</section>
			) : null}
			{sidebar.categories.length > 0 ? (
				<section aria-labelledby="blog-categories">
					<h2 id="blog-categories" className={sidebarHeading}>
						{blogCopy.sidebar.categories}
					</h2>
					<ul className="mt-3 space-y-1.5">
						{sidebar.categories.map((category) => (
							<li key={category.name} className="flex justify-between gap-3 text-slate-700">
								<TermLink kind="category" name={category.name} className="text-slate-800 hover:text-brand-700" />
								<span className="rounded-full bg-slate-100 px-2 text-sm text-slate-700">{category.count}</span>
							</li>
						))}
					</ul>
				</section>
			) : null}
			{sidebar.tags.length > 0 ? (
				<section aria-labelledby="popular-tags">
					<h2 id="popular-tags" className={sidebarHeading}>
						{blogCopy.sidebar.tags}
					</h2>
					<ul className="mt-3 flex flex-wrap gap-2">
						{sidebar.tags.map((tag) => (
							<li key={tag}>
								<TermLink
									kind="tag"
									name={tag}
									className="inline-block rounded-full border border-slate-200 px-2.5 py-0.5 text-sm text-slate-700"
								/>
							</li>
						))}
					</ul>
				</section>
			) : null}
			<section aria-labelledby="sidebar-newsletter" className="rounded-xl bg-slate-50 p-5">
				<h2 id="sidebar-newsletter" className={sidebarHeading}>
					{blogCopy.sidebar.newsletter}
				</h2>
				<p className="mt-2 mb-4 text-sm text-slate-700">{blogCopy.sidebar.newsletterText}</p>
				<NewsletterForm />
			</section>
		</aside>
	)
}

const pagerLink =
	'inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50'
const pagerDisabled =
	'inline-flex items-center rounded-md border border-slate-200 px-4 py-2 text-sm font-semibold text-slate-500'

/**
 * Previous and Next as real links, so every page is reachable without JavaScript and by crawlers; `pagePath` gives
 * the address of a page of this list (the blog's by default).
 */
export function Pagination({
	page,
	hasNext,
	pagePath = blogListPath,
	label = 'Blog pages',
}: {
	page: number
	hasNext: boolean
	pagePath?: (page: number) => string
	label?: string
}) {
	return (
		<nav aria-label={label} className="mt-10 flex items-center justify-between gap-4">
			{page > 1 ? (
				<Link to={pagePath(page - 1)} rel="prev" className={pagerLink}>
					{blogCopy.previous}
				</Link>
			) : (
				<span aria-disabled="true" className={pagerDisabled}>
					{blogCopy.previous}
				</span>
			)}
			<span className="text-sm text-slate-600">{blogCopy.pageLabel(page)}</span>
			{hasNext ? (
				<Link to={pagePath(page + 1)} rel="next" className={pagerLink}>
					{blogCopy.next}
				</Link>
			) : (
				<span aria-disabled="true" className={pagerDisabled}>
					{blogCopy.next}
				</span>
			)}
		</nav>
	)
}

/** Asks again for a page whose data could not be loaded: a link to the same address, followed in the app or loaded. */
export function RetryLink() {
	const { pathname, search } = useLocation()
	return (
		<Link to={pathname + search} className={buttonClass('secondary', 'md')}>
			{blogCopy.retry}
		</Link>
	)
}

/** Title and noindex of a page whose data could not be loaded (no tags came with it); React puts them in the head. */
export function UnavailableMeta({ title }: { title: string }) {
	return (
		<>
			<title>{title}</title>
			<meta name="robots" content="noindex,nofollow" />
		</>
	)
}
