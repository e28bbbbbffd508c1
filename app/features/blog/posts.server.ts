import { sql } from 'drizzle-orm'
import { blogConstants, blogCopy } from '../../content/blog.ts'
import { type Database, selectRows } from '../../db/client.server.ts'
import type { BlogAuthor, BlogTerm } from '../../db/schema.ts'
import { withFeaturedPictures } from '../media/responsive.server.ts'
import { formatPostDate, termNames } from './format.ts'
import { articlePath } from './paths.ts'
import type { BlogListView, BlogSidebarData, PostCard } from './types.ts'

/** How long list pages and sidebar aggregates are reused before the database is asked again. */
export const BLOG_CACHE_TTL_MS = 60_000
const CACHE_MAX_ENTRIES = 1_000

type Entry = { expires: number; value: Promise<unknown> }
type BlogCacheState = { entries: Map<string, Entry>; version: number; listeners: Set<() => void> }

// The server (server/, run by tsx) and the production build each load a copy of this module: keeping the state on
// globalThis lets a change cleared through either copy reach the queries, pages and listeners of both.
const shared = globalThis as { [key: symbol]: BlogCacheState | undefined }
const STATE = Symbol.for('site.blogCache')
shared[STATE] ??= { entries: new Map(), version: 0, listeners: new Set() }
const state = shared[STATE]
const cache = state.entries

/** Drops every cached blog query, after content changes in this process, and tells onBlogContentChange listeners. */
export function clearBlogCache() {
	cache.clear()
	state.version++
	for (const listener of state.listeners) listener()
}

/** Changes whenever clearBlogCache runs, so caches elsewhere (rendered pages) can tell their entries are stale. */
export function blogContentVersion() {
	return state.version
}

/** Calls `listener` after every clearBlogCache (the publication clock re-plans then); returns its removal. */
export function onBlogContentChange(listener: () => void): () => void {
	state.listeners.add(listener)
	return () => {
		state.listeners.delete(listener)
	}
}

/** Reuses the answer of a blog query for BLOG_CACHE_TTL_MS, sharing one query between concurrent requests. */
export function cachedBlogQuery<T>(key: string, load: () => Promise<T>): Promise<T> {
	const now = Date.now()
	const hit = cache.get(key)
	if (hit && hit.expires > now) return hit.value as Promise<T>
	if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
	const value = load()
	cache.set(key, { expires: now + BLOG_CACHE_TTL_MS, value })
	// A failed query must not be served from the cache.
	value.catch(() => cache.delete(key))
	return value
}

// Matches blog_posts_published_at_idx (DESC NULLS LAST) so listing walks the index instead of sorting.
const newestFirst = sql`published_at DESC NULLS LAST, id DESC NULLS LAST`
// Drafts never show; published posts dated in the future (scheduled) stay hidden everywhere until their time comes.
const PUBLISHED_NOW = "status = 'published' AND published_at <= now()"
const published = sql.raw(PUBLISHED_NOW)

type CardRow = {
	id: number | string
	title: string
	seo_slug: string
	published_at: Date | string
	excerpt: string | null
	featured_image: string | null
	featured_image_alt: string | null
	categories: BlogTerm[] | null
}

function toCard(row: CardRow): PostCard {
	const publishedAt = new Date(row.published_at)
	return {
		id: Number(row.id),
		title: row.title,
		seoSlug: row.seo_slug,
		publishedAt: publishedAt.toISOString(),
		date: formatPostDate(publishedAt),
		excerpt: row.excerpt ?? '',
		featuredImage: row.featured_image,
		featuredImageAlt: row.featured_image_alt ?? '',
		categories: termNames(row.categories).slice(0, blogConstants.cardCategories),
	}
}

/** One list page (1-based): 12 posts newest first, and whether another page follows (a 13th row exists). */
export function listPublishedPosts(db: Database, page: number): Promise<{ posts: PostCard[]; hasNext: boolean }> {
	const limit = blogConstants.postsPerPage
	const offset = (page - 1) * limit
	return cachedBlogQuery(`list:${page}`, async () => {
		const rows = await selectRows<CardRow>(
			db,
			sql`SELECT id, title, seo_slug, published_at, excerpt, featured_image, featured_image_alt, categories
				FROM blog_posts WHERE ${published} ORDER BY ${newestFirst} LIMIT ${limit + 1} OFFSET ${offset}`,
		)
		return { posts: await withFeaturedPictures(db, rows.slice(0, limit).map(toCard)), hasNext: rows.length > limit }
	})
}

/** A page number in `?page=`: a whole number from 1 up, 7 digits at most. */
const PAGE_NUMBER = /^[1-9]\d{0,6}$/
/** How much of a `?page=` that is not a page number the 404 message repeats. */
const ASKED_SHOWN = 40

/**
 * The list page `?page=` asks for (the first when absent). A page past the end or a `?page=` that is not a page
 * number is not a page of the blog: `notFound` then says so, naming what was asked (quoted, so control characters
 * show escaped).
 */
export async function blogListPage(db: Database, asked: string | null): Promise<BlogListView> {
	if (asked !== null && !PAGE_NUMBER.test(asked)) {
		const quoted = JSON.stringify(Array.from(asked).slice(0, ASKED_SHOWN).join(''))
		return { page: 1, posts: [], hasNext: false, notFound: blogCopy.noSuchPage.text(quoted) }
	}
	const page = asked === null ? 1 : Number(asked)
	const { posts, hasNext } = await listPublishedPosts(db, page)
	const pastEnd = page > 1 && posts.length === 0
	return { page, posts, hasNext, notFound: pastEnd ? blogCopy.noSuchPage.text(String(page)) : null }
}

/** Every category or tag of the published posts, one row each: the string itself or the object's name. */
const publishedTerms = (column: 'categories' | 'tags') =>
	sql.raw(`SELECT CASE jsonb_typeof(term) WHEN 'string' THEN btrim(term #>> '{}') WHEN 'object' THEN btrim(term ->> 'name') END AS name
		FROM blog_posts CROSS JOIN LATERAL jsonb_array_elements(
			CASE jsonb_typeof(${column}) WHEN 'array' THEN ${column} ELSE '[]'::jsonb END) AS term
		WHERE ${PUBLISHED_NOW}`)

/** Recent posts, categories with counts and popular tags: aggregated in SQL, cached for a minute. */
export function blogSidebar(db: Database): Promise<BlogSidebarData> {
	return cachedBlogQuery('sidebar', async () => {
		const [recent, categories, tags] = await Promise.all([
			selectRows<{ id: number | string; title: string; seo_slug: string; published_at: Date | string }>(
				db,
				sql`SELECT id, title, seo_slug, published_at FROM blog_posts WHERE ${published}
					ORDER BY ${newestFirst} LIMIT ${blogConstants.recentPosts}`,
			),
			selectRows<{ name: string; count: number | string }>(
				db,
				sql`SELECT name, count(*) AS count FROM (${publishedTerms('categories')}) AS t
					WHERE name <> '' GROUP BY name ORDER BY count(*) DESC, name`,
			),
			selectRows<{ name: string }>(
				db,
				sql`SELECT name FROM (${publishedTerms('tags')}) AS t
					WHERE name <> '' GROUP BY name ORDER BY count(*) DESC, name LIMIT ${blogConstants.popularTags}`,
			),
		])
		return {
			recent: recent.map((row) => ({
				id: Number(row.id),
				title: row.title,
				seoSlug: row.seo_slug,
				date: formatPostDate(new Date(row.published_at)),
			})),
			categories: categories.map((row) => ({ name: row.name, count: Number(row.count) })),
			tags: tags.map((row) => row.name),
		}
	})
}

export type PostRow = {
	id: number
	title: string
	seo_slug: string
	published_at: Date
	updated_at: Date
	excerpt: string | null
	content: string | null
	bodyhtml: string | null
	featured_image: string | null
	featured_image_alt: string | null
	categories: BlogTerm[] | null
	tags: BlogTerm[] | null
	author: BlogAuthor | null
}

/** Every seo_slug the import takes (import.server.ts): a slug outside it names no post. */
export const SEO_SLUG = { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, maxLength: 200 } as const

/** Whether a slug could name a post; one that cannot (a NUL, a space, a capital) need not reach the database. */
export function isPossibleSlug(slug: string): boolean {
	return slug.length <= SEO_SLUG.maxLength && SEO_SLUG.pattern.test(slug)
}

/** A published post by its seo_slug, or null. */
export async function getPostBySlug(db: Database, slug: string): Promise<PostRow | null> {
	const rows = await selectRows<PostRow>(
		db,
		sql`SELECT id, title, seo_slug, published_at, updated_at, excerpt, content, bodyhtml, featured_image,
				featured_image_alt, categories, tags, author
			FROM blog_posts WHERE seo_slug = ${slug} AND ${published} LIMIT 1`,
	)
	const row = rows[0]
	if (!row) return null
	return {
		...row,
		id: Number(row.id),
		published_at: new Date(row.published_at),
		updated_at: new Date(row.updated_at),
	}
}

export type FeedItem = {
	title: string
	seoSlug: string
	publishedAt: Date
	excerpt: string
	categories: string[]
}

/** The newest posts for the RSS feed. */
export function feedPosts(db: Database): Promise<FeedItem[]> {
	return cachedBlogQuery('feed', async () => {
		const rows = await selectRows<CardRow>(
			db,
			sql`SELECT id, title, seo_slug, published_at, excerpt, featured_image, featured_image_alt, categories
				FROM blog_posts WHERE ${published} ORDER BY ${newestFirst} LIMIT ${blogConstants.feedItems}`,
		)
		return rows.map((row) => ({
			title: row.title,
			seoSlug: row.seo_slug,
			publishedAt: new Date(row.published_at),
			excerpt: row.excerpt ?? '',
			categories: termNames(row.categories),
		}))
	})
}

/** Every published post's path and last change, for the sitemap. */
export function sitemapPosts(db: Database): Promise<{ path: string; lastModified: Date }[]> {
	return cachedBlogQuery('sitemap', async () => {
		const rows = await selectRows<{ seo_slug: string; updated_at: Date | string; published_at: Date | string }>(
			db,
			sql`SELECT seo_slug, updated_at, published_at FROM blog_posts WHERE ${published} ORDER BY ${newestFirst}`,
		)
		return rows.map((row) => {
			const updated = new Date(row.updated_at)
			const publishedAt = new Date(row.published_at)
			return {
				path: articlePath(encodeURIComponent(row.seo_slug)),
				lastModified: updated > publishedAt ? updated : publishedAt,
			}
		})
	})
}
