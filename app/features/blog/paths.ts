import { pagePaths, type RoutePath } from '#app/content/page-paths.ts'
import type { TermKind } from './terms.ts'

// Apart from `pagePaths`, which every route loads: only blog pages need these.
const ARTICLE_PATH = '/blog/:slug' satisfies RoutePath

/** An article's path; the slug goes in as given, like React Router's `href()`. */
export const articlePath = (slug: string) => ARTICLE_PATH.replace(':slug', slug)

/** The slug of the article a site path shows, if it is an article's path. */
export function articleSlug(path: string | null): string | null {
	const segment = path ? /^\/blog\/([^/]+)$/.exec(path)?.[1] : undefined
	if (!segment) return null
	try {
		const slug = decodeURIComponent(segment)
		// No slug holds a control character, and PostgreSQL text cannot hold NUL.
		return /\p{Cc}/u.test(slug) ? null : slug
	} catch {
		return null
	}
}

/** A page of the blog list: `/blog` for the first, `/blog?page=N` after it. */
export const blogListPath = (page: number) => (page <= 1 ? pagePaths.blog : `${pagePaths.blog}?page=${page}`)

const ARCHIVE_PATHS = { category: '/blog/category/:slug', tag: '/blog/tag/:slug' } as const satisfies Record<
	TermKind,
	RoutePath
>

/** A category's or tag's archive page (1-based): the slug is encoded, as it may hold letters of any script. */
export function archivePath(kind: TermKind, slug: string, page = 1) {
	const path = ARCHIVE_PATHS[kind].replace(':slug', encodeURIComponent(slug))
	return page <= 1 ? path : `${path}?page=${page}`
}

const CATEGORY_FEED_PATH = '/blog/category/:slug/rss.xml' satisfies RoutePath

/** The RSS feed of one category. */
export const categoryFeedPath = (slug: string) => CATEGORY_FEED_PATH.replace(':slug', encodeURIComponent(slug))

export const SEARCH_PATH = '/blog/search' satisfies RoutePath

/** Slugs an article cannot have: a blog page of the same address answers first. */
export const isReservedArticleSlug = (slug: string) => articlePath(slug) === SEARCH_PATH

/** A page of search results for a query. */
export function searchPath(query: string, page = 1) {
	const params = new URLSearchParams({ q: query })
	if (page > 1) params.set('page', String(page))
	return `${SEARCH_PATH}?${params}`
}

/** Which blog page a path shows, for the skeleton a page shows while the next one loads. */
export function blogPathKind(pathname: string): 'list' | 'archive' | 'search' | 'article' | null {
	if (pathname === pagePaths.blog) return 'list'
	if (pathname === SEARCH_PATH) return 'search'
	if (/^\/blog\/(?:category|tag)\/[^/]+$/.test(pathname)) return 'archive'
	return /^\/blog\/[^/]+$/.test(pathname) ? 'article' : null
}

const PREVIEW_PATH = '/blog/preview/:token' satisfies RoutePath

/** A post's secret preview link (any state), for people without a console account. */
export const previewPath = (token: string) => PREVIEW_PATH.replace(':token', token)
