/** Shapes the blog loaders send to the page; shared by server and browser code. */
import type { TermKind } from './terms.ts'

/** An image uploaded in the console, as `<picture>` sources (AVIF, then WebP) at several widths, with its own size. */
export type ResponsivePicture = { width: number; height: number; sources: { type: string; srcSet: string }[] }

export type PostCard = {
	id: number
	title: string
	seoSlug: string
	publishedAt: string
	date: string
	excerpt: string
	featuredImage: string | null
	featuredImageAlt: string
	/** When the featured image is one uploaded in the console. */
	featuredPicture?: ResponsivePicture
	categories: string[]
}

export type RecentPost = { id: number; title: string; seoSlug: string; date: string }
export type CategoryCount = { name: string; count: number }
export type BlogSidebarData = { recent: RecentPost[]; categories: CategoryCount[]; tags: string[] }

/** A list page: its posts, whether a page follows, and what is wrong when it is not a page of the blog (a 404). */
export type BlogListView = { page: number; posts: PostCard[]; hasNext: boolean; notFound: string | null }

/** The category or tag an archive page lists. */
export type ArchiveTerm = { kind: TermKind; slug: string; name: string; count: number }

/** An archive page: a list page of one term's posts; `term` is null when no term has the slug (a 404). */
export type ArchiveView = BlogListView & { kind: TermKind; term: ArchiveTerm | null }

/** A search result: a post card with a snippet of where it matched, split at the matched words. */
export type SearchResult = PostCard & { snippet: { text: string; match: boolean }[] }

/**
 * Why a search shows no results: nothing asked, too long a query or too many words, phrases or alternatives (400), a
 * page past the end or not a number (404), or a search the database gave up on.
 */
export type SearchProblem = 'empty' | 'too-long' | 'too-complex' | 'no-page' | 'slow'

export type SearchView = {
	query: string
	page: number
	results: SearchResult[]
	hasNext: boolean
	problem: SearchProblem | null
	/** The 404 message of a page that is not one. */
	notFound: string | null
}

export type ArticleView = {
	title: string
	seoSlug: string
	publishedAt: string
	modifiedAt: string
	date: string
	excerpt: string
	categories: string[]
	tags: string[]
	author: { name: string | null; image: string | null }
	featuredImage: string | null
	featuredImageAlt: string
	/** When the featured image is one uploaded in the console: its copies, and its 1200x630 share image. */
	featuredPicture?: ResponsivePicture
	shareImage?: { url: string; width: number; height: number }
	/** The post's title on the brand's 1200x630 card, once made (share-cards.server.ts). */
	shareCard?: { url: string; width: number; height: number }
	html: string
	/** Reading time in minutes; null for a post without words. */
	minutes: number | null
}

/** The sidebar when no data is at hand: only the newsletter signup shows. */
export const emptySidebar: BlogSidebarData = { recent: [], categories: [], tags: [] }
