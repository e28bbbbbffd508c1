import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core'

/**
 * The words of a lead the inbox searches, as one tsvector. The 'simple' configuration keeps names, emails and words
 * as typed (no stemming, no stop words); indexes and queries build it here, so PostgreSQL matches them to each other.
 */
export function leadSearchDocument(columns: (AnyPgColumn | ExtraConfigColumn | SQL)[]) {
	const parts = columns.map((column) => sql`coalesce(${column}, '')`)
	return sql`to_tsvector('simple'::regconfig, ${sql.join(parts, sql` || ' ' || `)})`
}

/** What JavaScript's trim() removes, which the forms ignore around an email: SQL trims the same characters. */
const EMAIL_SPACE = sql.raw(
	"E'\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'",
)

/** An email as one person's key: trimmed as the forms trim it, case-insensitive; indexes and queries share it. */
export function normalizedEmail(column: AnyPgColumn | ExtraConfigColumn | SQL) {
	return sql`lower(btrim(${column}, ${EMAIL_SPACE}))`
}
