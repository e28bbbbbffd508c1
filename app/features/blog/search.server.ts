import { sql } from 'drizzle-orm'
import { blogConstants, blogCopy } from '#app/content/blog.ts'
import { BLOG_SEARCH_CONFIG, postPlainText } from '#app/db/blog-search.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { withFeaturedPictures } from '#app/features/media/responsive.server.ts'
import { BLOG_CACHE_CONTROL } from './blog-seo.server.ts'
import { askedPage, blogQueryCache, type CardRow, cardColumns, newestFirst, published, toCard } from './posts.server.ts'
import type { SearchResult, SearchView } from './types.ts'

// What ts_headline puts around matched words: control characters, which postPlainText removes from every body.
const MATCH_START = '\u0001'
const MATCH_END = '\u0002'
const MARKERS = new RegExp(`[${MATCH_START}${MATCH_END}]`, 'gu')
const MATCH = new RegExp(`${MATCH_START}([^${MATCH_START}${MATCH_END}]*)${MATCH_END}`, 'u')
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

/** A query as searched: control characters (a NUL, which PostgreSQL text cannot hold) as spaces, spaces collapsed. */
export function normalizeQuery(raw: string | null): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed.
	return (raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f\s]+/gu, ' ').trim()
}

/** A ts_headline answer as text pieces, those between the markers being matches (rendered as text, never markup). */
export function snippetParts(headline: string): { text: string; match: boolean }[] {
	// Odd pieces are what one pair of markers encloses; a stray marker anywhere else is dropped.
	return headline
		.replace(/\s+/g, ' ')
		.trim()
		.split(MATCH)
		.map((piece, n) => ({ text: piece.replace(MARKERS, ''), match: n % 2 === 1 }))
		.filter((piece) => piece.text !== '')
}

/**
 * How much a parsed query asks: its words (lexemes), alternatives (OR branches) and phrases; and the words not left
 * out as alternatives, what results are ranked and highlighted by (ranking or highlighting a phrase or words that
 * must all be there compares every position of every word with every other's: 2 ms to 30 ms a post that repeats them).
 */
export function queryShape(tsquery: string) {
	// A lexeme is quoted, with quotes inside doubled; what is left are the operators.
	const lexemes = tsquery.match(/'(?:''|[^'])*'/g) ?? []
	const wanted = [...tsquery.matchAll(/(!?)\s*('(?:''|[^'])*')/g)].filter((m) => !m[1]).map((m) => m[2])
	const operators = tsquery.replace(/'(?:''|[^'])*'/g, 'L').replace(/[\s()!]/g, '')
	return {
		anyWord: [...new Set(wanted)].join(' | '),
		words: lexemes.length,
		alternatives: (operators.match(/\|/g) ?? []).length + 1,
		phrases: (operators.match(/L(?:<(?:-|\d+)>L)+/g) ?? []).length,
	}
}

const tooComplex = ({ words, alternatives, phrases }: ReturnType<typeof queryShape>) =>
	words > blogConstants.searchMaxWords ||
	alternatives > blogConstants.searchMaxAlternatives ||
	phrases > blogConstants.searchMaxAlternatives

/**
 * Only the newest matches are ranked: ranking every match of a common word made one search hold the database for
 * seconds at 100,000 posts (PGlite runs one query at a time, so the whole site waited). 50 pages of 12 fit in it.
 */
const SEARCH_CANDIDATES = 1_000
/** How long PostgreSQL may spend on one search (PGlite cannot cancel a query: the bounds above keep it short). */
const SEARCH_TIMEOUT_MS = 2_000

type ResultRow = CardRow & { headline: string | null }

/** Runs `run` in a transaction whose statements PostgreSQL cancels after `ms` milliseconds (SQLSTATE 57014). */
export function withStatementTimeout<T>(db: Database, ms: number, run: (tx: Database) => Promise<T>): Promise<T> {
	return db.transaction(async (tx) => {
		await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.round(ms)}`))
		return run(tx as unknown as Database)
	})
}

/** Whether an error is PostgreSQL cancelling a statement (its timeout), possibly wrapped by the query builder. */
export function isStatementTimeout(error: unknown): boolean {
	const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code
	return codeOf(error) === '57014' || codeOf((error as { cause?: unknown } | null)?.cause) === '57014'
}

/** One page of ranked results among the newest matches; snippets only for the rows shown. */
async function searchPosts(db: Database, tsquery: string, anyWord: string, page: number) {
	const limit = blogConstants.postsPerPage
	const offset = (page - 1) * limit
	const query = sql`${tsquery}::tsquery`
	const words = sql`${anyWord}::tsquery`
	// Control characters of an excerpt would be taken for match markers.
	const excerpt = sql`regexp_replace(coalesce(excerpt, ''), '[[:cntrl:]]+', ' ', 'g')`
	const rows = await withStatementTimeout(db, SEARCH_TIMEOUT_MS, (tx) =>
		selectRows<ResultRow>(
			tx,
			sql`WITH matched AS MATERIALIZED (
					SELECT id, published_at, search FROM blog_posts WHERE search @@ ${query} AND ${published}
					ORDER BY ${newestFirst} LIMIT ${SEARCH_CANDIDATES}
				),
				ranked AS (
					SELECT id, row_number() OVER (ORDER BY ts_rank(search, ${words}) DESC, published_at DESC, id DESC) AS n
					FROM matched
				)
				SELECT ${cardColumns}, CASE WHEN n <= ${offset + limit} THEN ts_headline(${BLOG_SEARCH_CONFIG},
						concat_ws(' ', ${excerpt}, ${postPlainText(sql.raw('bodyhtml'), sql.raw('content'))}), ${words},
						${HEADLINE_OPTIONS}) END AS headline
				FROM ranked JOIN blog_posts USING (id) WHERE n > ${offset} AND n <= ${offset + limit + 1}
				ORDER BY n`,
		),
	)
	const cards = await withFeaturedPictures(db, rows.slice(0, limit).map(toCard))
	const results: SearchResult[] = cards.map((card, n) => ({ ...card, snippet: snippetParts(rows[n]?.headline ?? '') }))
	return { results, hasNext: rows.length > limit && page < blogConstants.searchMaxPages }
}

/** Searches kept for a minute by page and query: a repeated search (a refresh, a bot) costs no query. */
const cachedSearch = blogQueryCache('searches', 200)

/** A search as `blogSearch` answers it, once the query and the page are known to be worth asking. */
async function runSearch(db: Database, query: string, page: number): Promise<SearchView> {
	const none = { query, page, results: [], hasNext: false, notFound: null }
	// `websearch_to_tsquery` reads any input without a syntax error; its text form is what is bounded and searched.
	const [parsed] = await selectRows<{ tsquery: string }>(
		db,
		sql`SELECT websearch_to_tsquery(${BLOG_SEARCH_CONFIG}, ${query})::text AS tsquery`,
	)
	const tsquery = parsed?.tsquery ?? ''
	const shape = queryShape(tsquery)
	if (tooComplex(shape)) return { ...none, problem: 'too-complex' }
	// Stop words only: nothing to match.
	if (shape.words === 0) return page > 1 ? notFoundPage(query, page) : { ...none, problem: null }
	try {
		const { results, hasNext } = await searchPosts(db, tsquery, shape.anyWord, page)
		if (page > 1 && results.length === 0) return notFoundPage(query, page)
		return { ...none, results, hasNext, problem: null }
	} catch (error) {
		if (isStatementTimeout(error)) return { ...none, problem: 'slow' }
		throw error
	}
}

const notFoundPage = (query: string, page: number): SearchView => ({
	query,
	page,
	results: [],
	hasNext: false,
	problem: 'no-page',
	notFound: blogCopy.search.noSuchPage(String(page)),
})

/**
 * The search page for `?q=` and `?page=`: an empty query asks for one; a query over the length cap or with too many
 * words, alternatives or phrases is refused (400); a page past the end, past the last shown or not a number is a
 * 404; a search PostgreSQL gave up on says so. Answers are kept for a minute, except those two.
 */
export async function blogSearch(db: Database, raw: string | null, asked: string | null): Promise<SearchView> {
	const query = normalizeQuery(raw)
	const none = { query, page: 1, results: [], hasNext: false, notFound: null }
	if (Array.from(query).length > blogConstants.searchMaxLength) return { ...none, problem: 'too-long' }
	if (!query) return { ...none, problem: 'empty' }
	const parsed = askedPage(asked)
	if ('quoted' in parsed) return { ...none, problem: 'no-page', notFound: blogCopy.search.noSuchPage(parsed.quoted) }
	if (parsed.page > blogConstants.searchMaxPages) return notFoundPage(query, parsed.page)
	return cachedSearch(
		`${parsed.page}:${query}`,
		() => runSearch(db, query, parsed.page),
		(view) => view.problem !== 'slow' && view.problem !== 'no-page',
	)
}

/** The status of a search page: 400 for a query refused, 404 for a page that is not one, 200 otherwise. */
export function searchStatus(view: SearchView): number {
	return view.problem === 'too-long' || view.problem === 'too-complex' ? 400 : view.problem === 'no-page' ? 404 : 200
}

/** A search PostgreSQL gave up on may work in a moment: no shared cache may keep that answer. */
export function searchCacheControl(view: SearchView): string {
	return view.problem === 'slow' ? 'no-store' : BLOG_CACHE_CONTROL
}
