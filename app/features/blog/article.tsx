import type { MouseEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { blogCopy, teamAuthor } from '#app/content/blog.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { buttonClass } from '#app/ui/button.ts'
import { clockIcon, Icon, type IconNode } from '#app/ui/icons.tsx'
import { FeaturedImage, PostCardView, TermLink } from './blog-ui.tsx'
import type { ArticleView, PostCard } from './types.ts'

const arrowLeftIcon: IconNode = [
	['path', { d: 'm12 19-7-7 7-7' }],
	['path', { d: 'M19 12H5' }],
]
const calendarIcon: IconNode = [
	['path', { d: 'M8 2v4' }],
	['path', { d: 'M16 2v4' }],
	['rect', { width: '18', height: '18', x: '3', y: '4', rx: '2' }],
	['path', { d: 'M3 10h18' }],
]
const userIcon: IconNode = [
	['path', { d: 'M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2' }],
	['circle', { cx: '12', cy: '7', r: '4' }],
]

export function BackToBlog() {
	return (
		<Link
			to={pagePaths.blog}
			className="inline-flex items-center gap-2 font-medium text-brand-700 hover:text-brand-700"
		>
			<Icon node={arrowLeftIcon} className="size-4" />
			{blogCopy.article.back}
		</Link>
	)
}

/** Share addresses: X gets the address and the title, LinkedIn and Facebook the address. */
export function shareLinks(url: string, title: string) {
	const u = encodeURIComponent(url)
	return [
		{
			key: 'x',
			label: blogCopy.article.shareOn.x,
			short: 'X',
			href: `https://x.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
		},
		{
			key: 'linkedin',
			label: blogCopy.article.shareOn.linkedin,
			short: 'LinkedIn',
			href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
		},
		{
			key: 'facebook',
			label: blogCopy.article.shareOn.facebook,
			short: 'Facebook',
			href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
		},
	] as const
}

/** With JavaScript a sized popup; without it the link itself opens a new tab. */
function openShareWindow(event: MouseEvent<HTMLAnchorElement>) {
	const opened = window.open(event.currentTarget.href, '_blank', 'noopener,noreferrer,width=600,height=560')
	if (opened !== null) event.preventDefault()
}

export function ShareButtons({ url, title }: { url: string; title: string }) {
	return (
		<section aria-labelledby="share-heading" className="mt-10 border-t border-slate-200 pt-6">
			<h2 id="share-heading" className="text-sm font-semibold text-slate-900">
				{blogCopy.article.share}
			</h2>
			<ul className="mt-3 flex flex-wrap gap-3">
				{shareLinks(url, title).map((link) => (
					<li key={link.key}>
						<a
							href={link.href}
							target="_blank"
							rel="noopener noreferrer"
							aria-label={link.label}
							onClick={openShareWindow}
							className={buttonClass('secondary', 'md')}
						>
							{link.short}
						</a>
					</li>
				))}
			</ul>
		</section>
	)
}

export function CtaCard({ appUrl }: { appUrl: string }) {
	const copy = blogCopy.article.cta
	return (
		<section aria-labelledby="cta-heading" className="mt-12 rounded-2xl bg-brand-900 p-8 text-white">
			<h2 id="cta-heading" className="text-2xl font-bold">
				{copy.heading}
			</h2>
			<p className="mt-3 text-brand-100">{copy.text}</p>
			<div className="mt-6 flex flex-wrap gap-3">
				<a href={`${appUrl}/register`} className={buttonClass('inverted', 'md')}>
					{copy.startTrial}
				</a>
				<Link to={pagePaths.howItWorks} className={buttonClass('outlineInverted', 'md')}>
					{copy.learnMore}
					<span className="sr-only">{copy.learnMoreContext}</span>
				</Link>
			</div>
		</section>
	)
}

/** The article's column: the page less its padding, and less the sidebar from `lg` (880 px at most). */
const articleImageSizes =
	'(min-width: 1280px) 880px, (min-width: 1024px) calc(100vw - 400px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)'

export function ArticleContent({ article, brandName }: { article: ArticleView; brandName: string }) {
	return (
		<article>
			{article.categories.length > 0 ? (
				<ul className="mt-6 flex flex-wrap gap-2" aria-label="Categories">
					{article.categories.map((category) => (
						<li key={category}>
							<TermLink
								kind="category"
								name={category}
								className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700"
							/>
						</li>
					))}
				</ul>
			) : null}
			<h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{article.title}</h1>
			<div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600">
				<span className="flex items-center gap-2">
					{article.author.image ? (
						<img
							src={article.author.image}
							alt=""
							width={32}
							height={32}
							className="size-8 rounded-full object-cover"
						/>
					) : (
						<span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-slate-500">
							<Icon node={userIcon} className="size-4" />
						</span>
					)}
					<span className="font-medium text-slate-800">{article.author.name ?? teamAuthor(brandName)}</span>
				</span>
				<span className="flex items-center gap-1.5">
					<Icon node={calendarIcon} className="size-4" />
					<time dateTime={article.publishedAt}>{article.date}</time>
				</span>
				{article.minutes === null ? null : (
					<span className="flex items-center gap-1.5">
						<Icon node={clockIcon} className="size-4" />
						{blogCopy.article.minRead(article.minutes)}
					</span>
				)}
			</div>
			{article.featuredImage ? (
				<FeaturedImage
					picture={article.featuredPicture}
					sizes={articleImageSizes}
					src={article.featuredImage}
					alt={article.featuredImageAlt}
					className="mt-8 aspect-[40/21] w-full rounded-xl bg-slate-100 object-cover"
				/>
			) : null}
			{article.html ? (
				<div
					className="prose-blog mt-8"
					// The body was sanitised on the server against the spec's allowlist.
					// biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
					dangerouslySetInnerHTML={{ __html: article.html }}
				/>
			) : null}
			{article.tags.length > 0 ? (
				<ul className="mt-8 flex flex-wrap gap-2" aria-label="Tags">
					{article.tags.map((tag) => (
						<li key={tag}>
							<TermLink
								kind="tag"
								name={tag}
								className="inline-block rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700"
							/>
						</li>
					))}
				</ul>
			) : null}
		</article>
	)
}

/** The posts an article points to at its end. */
export function RelatedPosts({ posts }: { posts: PostCard[] }) {
	if (posts.length === 0) return null
	return (
		<section aria-labelledby="related-heading" className="mt-12">
			<h2 id="related-heading" className="text-2xl font-bold text-slate-900">
				{blogCopy.related.heading}
			</h2>
			<div className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
				{posts.map((post) => (
					<PostCardView key={post.id} post={post} heading="h3" />
				))}
			</div>
		</section>
	)
}

/** Spec "Post Not Found"; `children` (a retry link) follow the back-to-blog button. */
export function PostNotFound({ children }: { children?: ReactNode }) {
	return (
		<div className="py-16 text-center">
			<h1 className="text-3xl font-bold text-slate-900">{blogCopy.notFound.title}</h1>
			<p className="mt-4 text-lg text-slate-700">{blogCopy.notFound.text}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<Link to={pagePaths.blog} className={buttonClass('primary', 'md')}>
					{blogCopy.notFound.back}
				</Link>
				{children}
			</div>
		</div>
	)
}
