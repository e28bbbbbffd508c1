import { sql } from 'drizzle-orm'
import { data } from 'react-router'
import { blogConstants, blogCopy } from '#app/content/blog.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { withFeaturedPictures } from '#app/features/media/responsive.server.ts'
import { archiveSeo, BLOG_CACHE_CONTROL } from './blog-seo.server.ts'
import {
	askedPage,
	type BlogTermSummary,
	blogSidebar,
	blogTerms,
	type CardRow,
	cachedBlogQuery,
	cardColumns,
	lastPageOf,
	newestFirst,
	published,
	textArray,
	toCard,
} from './posts.server.ts'
import { isPossibleTermSlug, type TermKind } from './terms.ts'
import type { ArchiveView, PostCard } from './types.ts'

const nameColumn = { category: sql.raw('category_names'), tag: sql.raw('tag_names') } as const

/** The published category or tag a slug names, or null; a slug no term can have is null without a query. */
export async function findTerm(db: Database, kind: TermKind, slug: string): Promise<BlogTermSummary | null> {
	if (!isPossibleTermSlug(slug)) return null
	return (await blogTerms(db))[kind].get(slug) ?? null
}

/**
 * Terms with at most this many posts are read through their GIN index and sorted (a few thousand rows at most);
 * larger ones walk the date index, where every few rows is one of theirs. Left to itself, the planner cannot tell
 * a rare name from a common one and may walk the whole date index for a term of ten posts.
 */
const SPARSE_TERM_POSTS = 10_000

/** The query of one page of a term's posts (13 rows for 12), newest first. */
export function termPostsQuery(term: Pick<BlogTermSummary, 'kind' | 'names' | 'count'>, page: number) {
	const limit = blogConstants.postsPerPage
	const matches = sql`${published} AND ${nameColumn[term.kind]} && ${textArray(term.names)}`
	const window = sql`ORDER BY ${newestFirst} LIMIT ${limit + 1} OFFSET ${(page - 1) * limit}`
	if (term.count > SPARSE_TERM_POSTS) return sql`SELECT ${cardColumns} FROM blog_posts WHERE ${matches} ${window}`
	return sql`WITH hits AS MATERIALIZED (SELECT ${cardColumns} FROM blog_posts WHERE ${matches}) SELECT * FROM hits ${window}`
}

/** One page of a term's posts, newest first, and whether another follows. */
function listTermPosts(db: Database, term: BlogTermSummary, page: number) {
	const limit = blogConstants.postsPerPage
	return cachedBlogQuery(
		`archive:${term.kind}:${term.slug}:${page}`,
		async () => {
			const rows = await selectRows<CardRow>(db, termPostsQuery(term, page))
			const posts: PostCard[] = await withFeaturedPictures(db, rows.slice(0, limit).map(toCard))
			return { posts, hasNext: rows.length > limit }
		},
		(answer) => answer.posts.length > 0,
	)
}

/**
 * A category's or tag's archive page: its posts 12 a page, newest first. An unknown slug, a page past the end or a
 * `?page=` that is not a page number is a 404 whose `notFound` says so.
 */
export async function archivePage(
	db: Database,
	kind: TermKind,
	slug: string,
	asked: string | null,
): Promise<ArchiveView> {
	const none = { posts: [], hasNext: false }
	const term = await findTerm(db, kind, slug)
	if (!term) return { ...none, kind, page: 1, term: null, notFound: blogCopy.archive.notFound[kind] }
	const shown = { kind, slug: term.slug, name: term.name, count: term.count }
	const label = blogCopy.archive[kind].heading(term.name)
	const parsed = askedPage(asked)
	if ('quoted' in parsed)
		return { ...none, kind, page: 1, term: shown, notFound: blogCopy.archive.noSuchPage(parsed.quoted, label) }
	// Past the term's last page (its count is known): a 404 without a query, whatever number is asked for.
	const { posts, hasNext } = parsed.page > lastPageOf(term.count) ? none : await listTermPosts(db, term, parsed.page)
	const pastEnd = posts.length === 0
	return {
		kind,
		page: parsed.page,
		posts,
		hasNext,
		term: shown,
		notFound: pastEnd ? blogCopy.archive.noSuchPage(String(parsed.page), label) : null,
	}
}

/** An archive route's answer: the page and the sidebar, 404 when it is not a page, cacheable like the blog. */
export async function archiveResponse(db: Database, kind: TermKind, slug: string, url: string) {
	const [view, sidebar] = await Promise.all([
		archivePage(db, kind, slug, new URL(url).searchParams.get('page')),
		blogSidebar(db),
	])
	return data(
		{ ...view, sidebar, seo: archiveSeo(view, slug) },
		{ status: view.notFound === null ? 200 : 404, headers: { 'Cache-Control': BLOG_CACHE_CONTROL } },
	)
}
