import { sql } from 'drizzle-orm'
import { blogConstants, blogCopy } from '../../content/blog.ts'
import { BLOG_SEARCH_CONFIG, postPlainText } from '../../db/blog-search.ts'
import { type Database, selectRows } from '../../db/client.server.ts'
import { withFeaturedPictures } from '../media/responsive.server.ts'
import { askedPage, type CardRow, cardColumns, published, toCard } from './posts.server.ts'
import type { SearchResult, SearchView } from './types.ts'

// What ts_headline puts around matched words: control characters, which postPlainText removes from every body.
const MATCH_START = '\u0001'
const MATCH_END = '\u0002'
const MARKERS = new RegExp(`[${MATCH_START}${MATCH_END}]`, 'gu')
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

/** A query as searched: control characters (a NUL, which PostgreSQL text cannot hold) as spaces, spaces collapsed. */
export function normalizeQuery(raw: string | null): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed.
	return (raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f\s]+/gu, ' ').trim()
}

/** A ts_headline answer as text pieces, those between the markers being matches (rendered as text, never markup). */
export function snippetParts(headline: string): { text: string; match: boolean }[] {
	return headline
		.replace(/\s+/g, ' ')
		.trim()
		.split(new RegExp(`(${MATCH_START}[^${MATCH_END}]*${MATCH_END})`, 'u'))
		.filter((piece) => piece.replace(MARKERS, '') !== '')
		.map((piece) =>
			piece.startsWith(MATCH_START)
				? { text: piece.slice(1, -1), match: true }
				: { text: piece.replace(MARKERS, ''), match: false },
		)
}

type ResultRow = CardRow & { headline: string | null }

/** One page of ranked results: `websearch_to_tsquery` reads any input without a syntax error. */
async function searchPosts(db: Database, query: string, page: number) {
	const limit = blogConstants.postsPerPage
	const tsquery = sql`websearch_to_tsquery(${BLOG_SEARCH_CONFIG}, ${query})`
	const rows = await selectRows<ResultRow>(
		db,
		sql`SELECT ${cardColumns},
				ts_headline(${BLOG_SEARCH_CONFIG}, concat_ws(' ', excerpt, ${postPlainText(sql.raw('bodyhtml'), sql.raw('content'))}),
					${tsquery}, ${HEADLINE_OPTIONS}) AS headline
			FROM (
				SELECT ${cardColumns}, bodyhtml, content, ts_rank_cd(search, ${tsquery}) AS rank FROM blog_posts
				WHERE search @@ ${tsquery} AND ${published}
				ORDER BY rank DESC, published_at DESC, id DESC LIMIT ${limit + 1} OFFSET ${(page - 1) * limit}
			) AS hits
			ORDER BY rank DESC, published_at DESC, id DESC`,
	)
	const cards = await withFeaturedPictures(db, rows.slice(0, limit).map(toCard))
	const results: SearchResult[] = cards.map((card, n) => ({ ...card, snippet: snippetParts(rows[n]?.headline ?? '') }))
	return { results, hasNext: rows.length > limit }
}

/**
 * The search page for `?q=` and `?page=`: an empty query asks for one, a query over the length cap is refused (400),
 * a page past the end or not a number is a 404. Results are not cached: any text can be a query.
 */
export async function blogSearch(db: Database, raw: string | null, asked: string | null): Promise<SearchView> {
	const query = normalizeQuery(raw)
	const none = { query, page: 1, results: [], hasNext: false, notFound: null }
	if (Array.from(query).length > blogConstants.searchMaxLength) return { ...none, problem: 'too-long' }
	if (!query) return { ...none, problem: 'empty' }
	const parsed = askedPage(asked)
	if ('quoted' in parsed) return { ...none, problem: 'no-page', notFound: blogCopy.search.noSuchPage(parsed.quoted) }
	const { results, hasNext } = await searchPosts(db, query, parsed.page)
	if (parsed.page > 1 && results.length === 0)
		return { ...none, page: parsed.page, problem: 'no-page', notFound: blogCopy.search.noSuchPage(String(parsed.page)) }
	return { query, page: parsed.page, results, hasNext, problem: null, notFound: null }
}

/** The status of a search page: 400 for too long a query, 404 for a page that is not one, 200 otherwise. */
export function searchStatus(view: SearchView): number {
	return view.problem === 'too-long' ? 400 : view.problem === 'no-page' ? 404 : 200
}
