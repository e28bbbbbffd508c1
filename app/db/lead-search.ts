import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core'

/** Letters with a mark and the letters they fold to, one for one (translate() maps character to character). */
const MARKED = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőřśšşťùúûüūůűųýÿźżž'
const PLAIN = 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorssstuuuuuuuuyyzzz'

/**
 * The words of a lead the inbox searches, as one tsvector, written three ways so one index serves every search:
 * - with marks folded (Müller as `muller`) and German's spelling without them (`mueller`);
 * - with an email or a hyphenated name also cut at `@ . _ + -`, so part of an address (`greenmedia`) is a word.
 * The 'simple' configuration keeps words as typed (no stemming, no stop words). Indexes and queries build it here, so
 * PostgreSQL matches them to each other; searchQuery() writes the query side.
 */
export function leadSearchDocument(columns: (AnyPgColumn | ExtraConfigColumn | SQL)[]) {
	const text = sql`lower(${sql.join(
		columns.map((column) => sql`coalesce(${column}, '')`),
		sql` || ' ' || `,
	)})`
	const folded = sql`translate(${text}, ${sql.raw(`'${MARKED}'`)}, ${sql.raw(`'${PLAIN}'`)})`
	const german = sql`replace(replace(replace(replace(${text}, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')`
	const parts = sql`regexp_replace(${folded}, '[@._+-]+', ' ', 'g')`
	return sql`to_tsvector('simple'::regconfig, ${folded} || ' ' || ${german} || ' ' || ${parts})`
}

/** A searched word as the document holds it: lower case, marks folded, `ß` as `ss`. */
export function foldWord(word: string) {
	return word
		.toLowerCase()
		.replaceAll('ß', 'ss')
		.replaceAll('ł', 'l')
		.replaceAll('đ', 'd')
		.replaceAll('ı', 'i')
		.replaceAll('ø', 'o')
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
}

/** The letters and digits of a searched word, in the pieces the document cuts words into. */
const pieces = (word: string) =>
	foldWord(word)
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean)

/**
 * A search as a tsquery: every word must match the start of a word in the lead (`greenm` finds greenmedia), a
 * "quoted phrase" and a word with dots or dashes their words in a row, a -word must not match. Only letters and digits reach the query, so `%`, `_`
 * and quotes are plain characters; null when nothing searchable is left.
 */
export function searchQuery(search: string): string | null {
	const clauses: string[] = []
	for (const [, phrase, bare = ''] of search.matchAll(/"([^"]*)"?|(\S+)/g)) {
		const excluded = phrase === undefined && bare.length > 1 && bare.startsWith('-')
		const tokens = pieces(phrase ?? (excluded ? bare.slice(1) : bare))
		const [first] = tokens
		if (first === undefined) continue
		const terms = tokens.map((token) => `'${token}':*`)
		// The pieces of one word (`zebra.com`, `j.mueller`) follow each other in the document, as a phrase's words do.
		const clause = tokens.length === 1 ? `'${first}':*` : `(${terms.join(' <-> ')})`
		clauses.push(excluded ? `!${clause}` : clause)
	}
	// A search of only exclusions would match nearly everything: it needs one word that must be there.
	return clauses.some((clause) => !clause.startsWith('!')) ? clauses.join(' & ') : null
}

/** What JavaScript's trim() removes, which the forms ignore around an email: SQL trims the same characters. */
const EMAIL_SPACE = sql.raw(
	"E'\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'",
)

/** An email as one person's key: trimmed as the forms trim it, case-insensitive; indexes and queries share it. */
export function normalizedEmail(column: AnyPgColumn | ExtraConfigColumn | SQL) {
	return sql`lower(btrim(${column}, ${EMAIL_SPACE}))`
}
