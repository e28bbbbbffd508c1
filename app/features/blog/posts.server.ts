import { sql } from 'drizzle-orm'
import { blogConstants, blogCopy } from '#app/content/blog.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import type { BlogAuthor, BlogTerm } from '#app/db/schema.ts'
import { withFeaturedPictures } from '#app/features/media/responsive.server.ts'
import { SITEMAP_MAX_URLS, type SitemapEntry } from '#app/features/seo/sitemap.server.ts'
import { formatPostDate, termNames } from './format.ts'
import { articlePath } from './paths.ts'
import { renderPostBody, withAbsoluteUrls } from './sanitize.server.ts'
import { type TermKind, termSlug } from './terms.ts'
import type { BlogListView, BlogSidebarData, PostCard } from './types.ts'

/** How long list pages and sidebar aggregates are reused before the database is asked again. */
export const BLOG_CACHE_TTL_MS = 60_000
const CACHE_MAX_ENTRIES = 1_000

type Entry = { expires: number; value: Promise<unknown> }
type BlogCacheState = { caches: Map<string, Map<string, Entry>>; version: number; listeners: Set<() => void> }

// The server (server/, run by tsx) and the production build each load a copy of this module: keeping the state on
// globalThis lets a change cleared through either copy reach the queries, pages and listeners of both.
const shared = globalThis as { [key: symbol]: BlogCacheState | undefined }
const STATE = Symbol.for('site.blogCache')
shared[STATE] ??= { caches: new Map(), version: 0, listeners: new Set() }
const state = shared[STATE]

/** Drops every cached blog query, after content changes in this process, and tells onBlogContentChange listeners. */
export function clearBlogCache() {
	for (const entries of state.caches.values()) entries.clear()
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

/**
 * A cache of blog query answers of its own: each is reused for BLOG_CACHE_TTL_MS, one query shared between
 * concurrent requests, the least recently used dropped beyond `max`. An answer `keep` refuses (a page past the end)
 * is not kept, and a failed query never is. Separate caches keep a flood of keys in one from evicting another's.
 */
export function blogQueryCache(name: string, max: number) {
	return function cached<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
		const entries = state.caches.get(name) ?? new Map<string, Entry>()
		state.caches.set(name, entries)
		const now = Date.now()
		const hit = entries.get(key)
		if (hit) {
			entries.delete(key)
			if (hit.expires > now) {
				// Set again so the map's order is the order of use.
				entries.set(key, hit)
				return hit.value as Promise<T>
			}
		}
		if (entries.size >= max) entries.delete(entries.keys().next().value as string)
		const value = load()
		const entry = { expires: now + BLOG_CACHE_TTL_MS, value }
		entries.set(key, entry)
		const drop = () => {
			if (entries.get(key) === entry) entries.delete(key)
		}
		value.then((answer) => (keep && !keep(answer) ? drop() : undefined), drop)
		return value
	}
}

/** Pages, articles and per-term answers: keys come from addresses, so there can be many. */
export const cachedBlogQuery = blogQueryCache('pages', CACHE_MAX_ENTRIES)
/** What every page needs (terms, sidebar, counts, sitemap parts): a few fixed keys, never evicted by page keys. */
export const cachedBlogAggregate = blogQueryCache('aggregates', 100)

// Matches blog_posts_published_at_idx (DESC NULLS LAST) so listing walks the index instead of sorting.
export const newestFirst = sql`published_at DESC NULLS LAST, id DESC NULLS LAST`
// The same index walked backwards.
const oldestFirst = sql`published_at ASC NULLS FIRST, id ASC NULLS FIRST`
// Drafts never show; published posts dated in the future (scheduled) stay hidden everywhere until their time comes.
export const published = sql.raw("status = 'published' AND published_at <= now()")

/** The columns a post card needs (`CardRow`). */
export const cardColumns = sql.raw(
	'id, title, seo_slug, published_at, excerpt, featured_image, featured_image_alt, categories',
)

export type CardRow = {
	id: number | string
	title: string
	seo_slug: string
	published_at: Date | string
	excerpt: string | null
	featured_image: string | null
	featured_image_alt: string | null
	categories: BlogTerm[] | null
}

export function toCard(row: CardRow): PostCard {
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
	return cachedBlogQuery(
		`list:${page}`,
		async () => {
			const rows = await selectRows<CardRow>(
				db,
				sql`SELECT ${cardColumns} FROM blog_posts WHERE ${published}
					ORDER BY ${newestFirst} LIMIT ${limit + 1} OFFSET ${offset}`,
			)
			return { posts: await withFeaturedPictures(db, rows.slice(0, limit).map(toCard)), hasNext: rows.length > limit }
		},
		(answer) => page === 1 || answer.posts.length > 0,
	)
}

/** How many posts are published: what tells a page past the end without listing it. */
export function publishedPostCount(db: Database): Promise<number> {
	return cachedBlogAggregate('count', async () => {
		const [row] = await selectRows<{ count: number | string }>(
			db,
			sql`SELECT count(*) AS count FROM blog_posts WHERE ${published}`,
		)
		return Number(row?.count ?? 0)
	})
}

/** The last page of `count` posts listed 12 a page; an empty list still has its first page. */
export const lastPageOf = (count: number) => Math.max(1, Math.ceil(count / blogConstants.postsPerPage))

/** A page number in `?page=`: a whole number from 1 up, 7 digits at most. */
const PAGE_NUMBER = /^[1-9]\d{0,6}$/
/** How much of a `?page=` that is not a page number the 404 message repeats. */
const ASKED_SHOWN = 40

/**
 * The page number `?page=` asks for (1 when absent), or, when it is not a page number, what was asked as the 404
 * message should show it (quoted, so control characters show escaped).
 */
export function askedPage(asked: string | null): { page: number } | { quoted: string } {
	if (asked === null) return { page: 1 }
	if (PAGE_NUMBER.test(asked)) return { page: Number(asked) }
	return { quoted: JSON.stringify(Array.from(asked).slice(0, ASKED_SHOWN).join('')) }
}

/**
 * The list page `?page=` asks for (the first when absent). A page past the end or a `?page=` that is not a page
 * number is not a page of the blog: `notFound` then says so, naming what was asked.
 */
export async function blogListPage(db: Database, asked: string | null): Promise<BlogListView> {
	const parsed = askedPage(asked)
	if ('quoted' in parsed)
		return { page: 1, posts: [], hasNext: false, notFound: blogCopy.noSuchPage.text(parsed.quoted) }
	const { page } = parsed
	// A page past the end is answered without a query: any number could be asked for.
	if (page > lastPageOf(await publishedPostCount(db)))
		return { page, posts: [], hasNext: false, notFound: blogCopy.noSuchPage.text(String(page)) }
	const { posts, hasNext } = await listPublishedPosts(db, page)
	const pastEnd = page > 1 && posts.length === 0
	return { page, posts, hasNext, notFound: pastEnd ? blogCopy.noSuchPage.text(String(page)) : null }
}

/** A category or tag of the published posts: names with one slug are one term, shown by its most used name. */
export type BlogTermSummary = {
	kind: TermKind
	/** Empty for a name without letters or digits, which has no archive. */
	slug: string
	name: string
	/** Every name stored for it, as the posts' `category_names` or `tag_names` hold them. */
	names: string[]
	count: number
	/** When the newest change to one of its posts was made. */
	lastModified: Date
}

export type BlogTerms = Record<TermKind, Map<string, BlogTermSummary>>

/** Most used first, then by name (code points, the same on every machine): the sidebar's order. */
export const byUse = (a: BlogTermSummary, b: BlogTermSummary) =>
	b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/**
 * Every category and tag of the published posts by slug (by name for a name without a slug), counted in SQL over the
 * generated name columns.
 */
export function blogTerms(db: Database): Promise<BlogTerms> {
	return cachedBlogAggregate('terms', async () => {
		const rows = await selectRows<{ kind: TermKind; name: string; count: number | string; last: Date | string }>(
			db,
			sql`SELECT kind, name, count(*) AS count, max(last) AS last FROM (
					SELECT 'category' AS kind, name, greatest(updated_at, published_at) AS last
						FROM blog_posts CROSS JOIN LATERAL unnest(category_names) AS name WHERE ${published}
					UNION ALL
					SELECT 'tag' AS kind, name, greatest(updated_at, published_at) AS last
						FROM blog_posts CROSS JOIN LATERAL unnest(tag_names) AS name WHERE ${published}
				) AS terms GROUP BY kind, name ORDER BY count(*) DESC, name`,
		)
		const terms: BlogTerms = { category: new Map(), tag: new Map() }
		for (const row of rows) {
			const slug = termSlug(row.name)
			// A name without letters or digits (an emoji) has no archive but shows in the sidebar: kept under itself,
			// which no slug can be.
			const key = slug || row.name
			const count = Number(row.count)
			const last = new Date(row.last)
			const known = terms[row.kind].get(key)
			// Rows come most used first: the first name of a slug is the one it is shown by.
			if (!known)
				terms[row.kind].set(key, {
					kind: row.kind,
					slug,
					name: row.name,
					names: [row.name],
					count,
					lastModified: last,
				})
			else {
				known.names.push(row.name)
				known.count += count
				if (last > known.lastModified) known.lastModified = last
			}
		}
		return terms
	})
}

/** Recent posts, categories with counts and popular tags: aggregated in SQL, cached for a minute. */
export function blogSidebar(db: Database): Promise<BlogSidebarData> {
	return cachedBlogAggregate('sidebar', async () => {
		const [recent, terms] = await Promise.all([
			selectRows<{ id: number | string; title: string; seo_slug: string; published_at: Date | string }>(
				db,
				sql`SELECT id, title, seo_slug, published_at FROM blog_posts WHERE ${published}
					ORDER BY ${newestFirst} LIMIT ${blogConstants.recentPosts}`,
			),
			blogTerms(db),
		])
		return {
			recent: recent.map((row) => ({
				id: Number(row.id),
				title: row.title,
				seoSlug: row.seo_slug,
				date: formatPostDate(new Date(row.published_at)),
			})),
			categories: [...terms.category.values()].sort(byUse).map(({ name, count }) => ({ name, count })),
			tags: [...terms.tag.values()]
				.sort(byUse)
				.slice(0, blogConstants.popularTags)
				.map((term) => term.name),
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

const postColumns = sql.raw(`id, title, seo_slug, published_at, updated_at, excerpt, content, bodyhtml, featured_image,
	featured_image_alt, categories, tags, author`)

const toPostRow = (row: PostRow): PostRow => ({
	...row,
	id: Number(row.id),
	published_at: new Date(row.published_at),
	updated_at: new Date(row.updated_at),
})

/** A published post by its seo_slug, or null. */
export async function getPostBySlug(db: Database, slug: string): Promise<PostRow | null> {
	const rows = await selectRows<PostRow>(
		db,
		sql`SELECT ${postColumns} FROM blog_posts WHERE seo_slug = ${slug} AND ${published} LIMIT 1`,
	)
	return rows[0] ? toPostRow(rows[0]) : null
}

/** The newest published posts with their bodies, cached like the blog's pages (dropped when a post changes). */
export function newestPostsWithBodies(db: Database, limit: number): Promise<PostRow[]> {
	return cachedBlogQuery(`newest-with-bodies:${limit}`, async () =>
		(
			await selectRows<PostRow>(
				db,
				sql`SELECT ${postColumns} FROM blog_posts WHERE ${published} ORDER BY ${newestFirst} LIMIT ${limit}`,
			)
		).map(toPostRow),
	)
}

export type FeedItem = {
	title: string
	seoSlug: string
	publishedAt: Date
	excerpt: string
	categories: string[]
	/** The sanitised body with absolute links and image addresses, as feed readers show it. */
	html: string
}

export type FeedOptions = { embedHosts: readonly string[]; siteUrl: string }

/** The newest posts for an RSS feed: every post, or those of one category (its stored names). */
export function feedPosts(db: Database, options: FeedOptions, category?: BlogTermSummary): Promise<FeedItem[]> {
	const key = category ? `feed:category:${category.slug}` : 'feed'
	const inCategory = category ? sql`AND category_names && ${textArray(category.names)}` : sql``
	// One feed per category at most: the blog's own is an aggregate every instance asks for.
	const cached = category ? cachedBlogQuery : cachedBlogAggregate
	return cached(key, async () => {
		const rows = await selectRows<CardRow & { content: string | null; bodyhtml: string | null }>(
			db,
			sql`SELECT ${cardColumns}, content, bodyhtml FROM blog_posts WHERE ${published} ${inCategory}
				ORDER BY ${newestFirst} LIMIT ${blogConstants.feedItems}`,
		)
		return rows.map((row) => {
			const url = `${options.siteUrl}${articlePath(encodeURIComponent(row.seo_slug))}`
			return {
				title: row.title,
				seoSlug: row.seo_slug,
				publishedAt: new Date(row.published_at),
				excerpt: row.excerpt ?? '',
				categories: termNames(row.categories),
				html: withAbsoluteUrls(renderPostBody(row, { embedHosts: options.embedHosts }), url),
			}
		})
	})
}

/** A list of names as one text[] parameter (drizzle spreads a plain array into separate ones). */
export const textArray = (names: readonly string[]) =>
	sql`ARRAY[${sql.join(
		names.map((name) => sql`${name}`),
		sql`, `,
	)}]::text[]`

const lastChange = sql`greatest(updated_at, published_at)`

/**
 * The posts' sitemaps: one per SITEMAP_MAX_URLS published posts, oldest first so a new post joins the last part and
 * leaves the others' lists unchanged, each with its newest change.
 */
export function sitemapPostParts(db: Database): Promise<{ lastModified: Date }[]> {
	return cachedBlogAggregate('sitemap', async () => {
		const rows = await selectRows<{ part: number | string; last: Date | string }>(
			db,
			sql`SELECT part, max(last) AS last FROM (
					SELECT (row_number() OVER (ORDER BY ${oldestFirst}) - 1) / ${SITEMAP_MAX_URLS} AS part, ${lastChange} AS last
					FROM blog_posts WHERE ${published}
				) AS posts GROUP BY part ORDER BY part`,
		)
		return rows.map((row) => ({ lastModified: new Date(row.last) }))
	})
}

/** The published posts of one posts sitemap (1-based, oldest first): their paths and last changes. */
export async function sitemapPosts(db: Database, part: number): Promise<SitemapEntry[]> {
	// A part past the last is answered without a query.
	if (part > (await sitemapPostParts(db)).length) return []
	return cachedBlogQuery(`sitemap:${part}`, async () => {
		const rows = await selectRows<{ seo_slug: string; last: Date | string }>(
			db,
			sql`SELECT seo_slug, ${lastChange} AS last FROM blog_posts WHERE ${published}
				ORDER BY ${oldestFirst} LIMIT ${SITEMAP_MAX_URLS} OFFSET ${(part - 1) * SITEMAP_MAX_URLS}`,
		)
		return rows.map((row) => ({
			path: articlePath(encodeURIComponent(row.seo_slug)),
			lastModified: new Date(row.last),
		}))
	})
}
