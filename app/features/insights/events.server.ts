import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { analyticsEvents } from '#app/db/schema.ts'
import type { VisitSource } from './attribution.ts'
import type { EventProps } from './events.ts'

/** Events are kept this long (terms of service: analytics kept 90 days). */
export const RETENTION_DAYS = 90

const utcDay = (now = new Date()) => now.toISOString().slice(0, 10)
const salts = new WeakMap<Database, { day: string; salt: string }>()

/** Today's salt, made once per UTC day by whichever instance needs it first, so instances on one database agree. */
async function dailySalt(db: Database) {
	const day = utcDay()
	const known = salts.get(db)
	if (known?.day === day) return known.salt
	const [row] = await selectRows<{ salt: string }>(
		db,
		sql`INSERT INTO analytics_salts (day, salt) VALUES (${day}::date, ${crypto.randomBytes(32).toString('hex')})
			ON CONFLICT (day) DO UPDATE SET salt = analytics_salts.salt RETURNING salt`,
	)
	if (!row) throw new Error('no salt returned')
	salts.set(db, { day, salt: row.salt })
	return row.salt
}

/** Counts a visitor once a day without keeping the address or user agent: both go into a hash with the day's salt. */
export async function visitorHash(db: Database, clientAddress: string, userAgent: string) {
	const salt = await dailySalt(db)
	return crypto.createHash('sha256').update(`${salt}\n${clientAddress}\n${userAgent}`).digest('hex').slice(0, 32)
}

/** An address the way the audit log keeps it: hashed with the day's salt, comparable within a day and never after. */
export async function addressHash(db: Database, clientAddress: string) {
	const salt = await dailySalt(db)
	return crypto.createHash('sha256').update(`${salt}\naddress\n${clientAddress}`).digest('hex').slice(0, 32)
}

/** Requests that must not be counted: Do Not Track, Global Privacy Control, and crawlers or other bots. */
export function isUncounted(headers: Headers) {
	return headers.get('dnt') === '1' || headers.get('sec-gpc') === '1' || isbot(headers.get('user-agent') ?? '')
}

export type AnalyticsEvent = {
	name: string
	route: string | null
	path: string
	props?: EventProps | null
	/** Where the visit came from, when the event says (a page view, or a lead with its visit's source). */
	source?: VisitSource
}

/** Stores one event for the visitor who made the request. */
export async function recordEvent(
	db: Database,
	visitor: { clientAddress: string; headers: Headers },
	event: AnalyticsEvent,
) {
	await db.insert(analyticsEvents).values({
		name: event.name,
		route: event.route,
		path: event.path,
		props: event.props && Object.keys(event.props).length > 0 ? event.props : null,
		visitor_hash: await visitorHash(db, visitor.clientAddress, visitor.headers.get('user-agent') ?? ''),
		...event.source,
	})
}

/** Deletes events past the retention period and the salts of past days. */
export async function pruneAnalytics(db: Database) {
	await db.execute(
		sql`DELETE FROM analytics_events WHERE created_at < now() - make_interval(days => ${RETENTION_DAYS})`,
	)
	await db.execute(sql`DELETE FROM analytics_salts WHERE day < ${utcDay()}::date`)
}
