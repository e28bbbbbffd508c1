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
