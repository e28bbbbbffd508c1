import { sql } from 'drizzle-orm'
import { ROLLUP_RETENTION_DAYS } from '#app/content/insights.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { periodDays, periodEnding } from './dashboard.ts'
import { RETENTION_DAYS } from './events.server.ts'
import { SERVER_EVENTS } from './events.ts'

/** One rollup at a time across instances (a transaction-scoped advisory lock; the numbers are the site's own). */
const ROLLUP_LOCK = 727_060
/** A day is rolled up for good this long after it ends: an event stamped just before midnight may commit just after. */
const CLOSING_GRACE_MS = 60_000

const leadEvents = sql.join(
	SERVER_EVENTS.map((name) => sql`${name}`),
	sql`, `,
)
const attributed = sql`(referrer_host IS NOT NULL OR utm_source IS NOT NULL OR utm_medium IS NOT NULL
	OR utm_campaign IS NOT NULL OR ref IS NOT NULL)`

const dayList = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`

/** The days `days` (YYYY-MM-DD, UTC) summed up from the raw events into the rollup tables, replacing what they held. */
async function rollUp(db: Database, days: string[]) {
	const list = dayList(days)
	const first = `${days[0]}T00:00:00Z`
	const end = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + 86_400_000).toISOString()
	const events = sql`analytics_events WHERE created_at >= ${first}::timestamptz AND created_at < ${end}::timestamptz
		AND (created_at AT TIME ZONE 'UTC')::date = ANY(${list}) AND visitor_hash IS NOT NULL
		AND lower(coalesce(path, '')) NOT LIKE '/admin/%' AND lower(coalesce(path, '')) <> '/admin'`
	await db.execute(sql`DELETE FROM insights_daily_pages WHERE day = ANY(${list})`)
	await db.execute(sql`DELETE FROM insights_daily_sources WHERE day = ANY(${list})`)
	await db.execute(sql`INSERT INTO insights_daily_pages (day, path, views, visitors)
		SELECT (created_at AT TIME ZONE 'UTC')::date, path, count(*), count(DISTINCT visitor_hash)
		FROM ${events} AND name = 'page_view' AND path IS NOT NULL
		GROUP BY 1, 2`)
	// A visitor is one hash on one day; where they came from is the day's first event that said.
	await db.execute(sql`INSERT INTO insights_daily_sources (day, referrer_host, utm_source, utm_medium, utm_campaign, ref,
			visitors, page_views, viewing_visitors, dialog_visitors, applying_visitors, lead_visitors)
		WITH day_events AS (
			SELECT id, created_at, (created_at AT TIME ZONE 'UTC')::date AS day, visitor_hash, name,
				referrer_host, utm_source, utm_medium, utm_campaign, ref
			FROM ${events}
		), visits AS (
			SELECT day, visitor_hash,
				count(*) FILTER (WHERE name = 'page_view') AS page_views,
				bool_or(name = 'beta_dialog_opened') AS dialog,
				bool_or(name = 'beta_application_submitted') AS applied,
				bool_or(name IN (${leadEvents})) AS lead
			FROM day_events GROUP BY day, visitor_hash
		), entries AS (
			SELECT DISTINCT ON (day, visitor_hash) day, visitor_hash, referrer_host, utm_source, utm_medium, utm_campaign, ref
			FROM day_events WHERE ${attributed}
			ORDER BY day, visitor_hash, created_at, id
		)
		SELECT v.day, e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign, e.ref,
			count(*), sum(v.page_views), count(*) FILTER (WHERE v.page_views > 0), count(*) FILTER (WHERE v.dialog),
			count(*) FILTER (WHERE v.applied), count(*) FILTER (WHERE v.lead)
		FROM visits v LEFT JOIN entries e ON e.day = v.day AND e.visitor_hash = v.visitor_hash
		GROUP BY v.day, e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign, e.ref`)
}

/**
 * Brings the daily rollups up to date: every day of the raw events' retention not yet rolled up for good, and today
 * again whenever newer events exist. Cheap when nothing changed; the first call after a long pause does the most.
 */
export async function refreshRollups(db: Database, now = new Date()) {
	const today = now.toISOString().slice(0, 10)
	// Only days whose raw events are all still kept: the oldest of the 91 the pruning touches is already partly gone.
	const retained = periodDays(periodEnding(today, RETENTION_DAYS))
	await db.transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`)
		const [newest] = await selectRows<{ id: string | number | null }>(
			tx,
			sql`SELECT max(id) AS id FROM analytics_events`,
		)
		const newestId = Number(newest?.id ?? 0)
		const markers = new Map(
			(
				await selectRows<{ day: string; last_event_id: string | number; complete: boolean }>(
					tx,
					sql`SELECT day::text AS day, last_event_id, complete FROM insights_rolled_up_days WHERE day >= ${retained[0]}::date`,
				)
			).map((row) => [row.day, { lastEventId: Number(row.last_event_id), complete: row.complete }]),
		)
		const closed = (day: string) => now.getTime() >= Date.parse(`${day}T00:00:00Z`) + 86_400_000 + CLOSING_GRACE_MS
		const due = retained.filter((day) => {
			const marker = markers.get(day)
			if (marker?.complete) return false
			return closed(day) || !marker || marker.lastEventId < newestId
		})
		if (due.length === 0) return
		await rollUp(tx, due)
		const complete = due.filter(closed)
		await tx.execute(sql`INSERT INTO insights_rolled_up_days (day, last_event_id, complete)
			SELECT day, ${newestId}, day = ANY(${dayList(complete)}) FROM unnest(${dayList(due)}) AS day
			ON CONFLICT (day) DO UPDATE SET last_event_id = EXCLUDED.last_event_id, complete = EXCLUDED.complete,
				rolled_up_at = now()`)
	})
}

/** Forgets rollups older than their retention (they hold counts only, so they outlive the raw events). */
export async function pruneRollups(db: Database) {
	const oldest = sql`(now() AT TIME ZONE 'UTC')::date - ${ROLLUP_RETENTION_DAYS}::int`
	await db.execute(sql`DELETE FROM insights_daily_pages WHERE day < ${oldest}`)
	await db.execute(sql`DELETE FROM insights_daily_sources WHERE day < ${oldest}`)
	await db.execute(sql`DELETE FROM insights_rolled_up_days WHERE day < ${oldest}`)
}
