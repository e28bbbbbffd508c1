import { pagePaths, type RoutePath } from '../../content/page-paths.ts'

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

const PREVIEW_PATH = '/blog/preview/:token' satisfies RoutePath

/** A post's secret preview link (any state), for people without a console account. */
export const previewPath = (token: string) => PREVIEW_PATH.replace(':token', token)
