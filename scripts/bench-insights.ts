import { sql } from 'drizzle-orm'
import { type DatabaseHandle, selectRows } from '#app/db/client.server.ts'
import { insightsDashboard } from '#app/features/insights/dashboard.server.ts'
import { periodEnding } from '#app/features/insights/dashboard.ts'
import { measureLatency, onFreshDatabases } from './lib/latency.ts'

const count = (name: string, fallback: number) => {
	const value = Number(process.env[name])
	return Number.isSafeInteger(value) && value > 0 ? value : fallback
}
const PG_EVENTS = count('INSIGHTS_BENCH_PG_EVENTS', 1_000_000)
const PGLITE_EVENTS = count('INSIGHTS_BENCH_PGLITE_EVENTS', 200_000)
const ITERATIONS = count('INSIGHTS_BENCH_ITERATIONS', 50)
const WARM_UPS = 3
/** Events per visitor and day in the seeded data. */
const EVENTS_PER_VISIT = 5
const POSTS = 200
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
/** The p50 target on PostgreSQL, in milliseconds; PGlite is measured against the same figure. */
const TARGET_MS = 300

const today = () => new Date().toISOString().slice(0, 10)

/**
 * Visits on the last 90 days (a few today): most direct, some from referring sites, some from campaigns; five events
 * each, mostly page views over 200 paths (half of them blog posts), with the beta funnel and leads at realistic rates.
 */
async function seed(handle: DatabaseHandle, events: number) {
	const { db } = handle
	const visits = Math.ceil(events / EVENTS_PER_VISIT)
	await db.execute(sql`INSERT INTO blog_posts (title, seo_slug, published_at)
		SELECT 'Post ' || i, 'post-' || i, now() - i * interval '1 day' FROM generate_series(1, ${POSTS}) AS i`)
	await db.execute(sql`WITH visits AS MATERIALIZED (
			SELECT i, md5(i::text) AS hash, random() AS kind, random() AS funnel,
				CASE WHEN i % 90 = 0 THEN 0 ELSE 1 + floor(random() * 89)::int END AS days_ago, random() AS at
			FROM generate_series(1, ${visits}) AS i
		), timed AS (
			SELECT *, (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') - days_ago * interval '1 day'
				+ at * CASE WHEN days_ago = 0
					THEN greatest(0, extract(epoch FROM now() - (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')) - 600)
					ELSE 80000 END * interval '1 second' AS start
			FROM visits
		)
		INSERT INTO analytics_events (name, route, path, visitor_hash, created_at, referrer_host, utm_source, utm_medium,
			utm_campaign, ref)
		SELECT
			CASE WHEN e.n = 4 AND v.funnel < 0.08 THEN 'beta_dialog_opened'
				WHEN e.n = 5 AND v.funnel < 0.02 THEN 'beta_application_submitted'
				WHEN e.n = 5 AND v.funnel < 0.05 THEN 'contact_sent'
				WHEN e.n = 5 AND v.funnel < 0.07 THEN 'newsletter_subscribed'
				ELSE 'page_view' END,
			p.path, p.path, v.hash, v.start + e.n * interval '40 seconds',
			CASE WHEN e.n = 1 AND v.kind >= 0.6 AND v.kind < 0.85 THEN 'site-' || floor(v.kind * 1000)::int % 50 || '.example' END,
			CASE WHEN e.n = 1 AND v.kind >= 0.85 THEN (ARRAY['newsletter', 'twitter', 'linkedin', 'podcast', 'partner'])[1 + floor(v.kind * 1000)::int % 5] END,
			CASE WHEN e.n = 1 AND v.kind >= 0.85 THEN (ARRAY['email', 'social', 'cpc'])[1 + floor(v.kind * 10000)::int % 3] END,
			CASE WHEN e.n = 1 AND v.kind >= 0.85 THEN 'campaign-' || floor(v.kind * 100000)::int % 10 END,
			CASE WHEN e.n = 1 AND v.kind >= 0.97 THEN 'friend-' || floor(v.kind * 1000)::int % 7 END
		FROM timed AS v CROSS JOIN generate_series(1, ${EVENTS_PER_VISIT}) AS e(n)
			CROSS JOIN LATERAL (SELECT CASE WHEN (v.i + e.n) % 2 = 0
				THEN '/blog/post-' || 1 + (v.i * 7 + e.n) % ${POSTS} ELSE '/page-' || (v.i + e.n * 13) % 100 END AS path) AS p
		ORDER BY 5`)
	await db.execute(sql`INSERT INTO contact_messages (name, email, subject, message, created_at)
		SELECT 'Person ' || i, 'person' || i || '@example.com', 'Hello', 'A message',
			now() - random() * interval '90 days' FROM generate_series(1, ${Math.ceil(visits * 0.03)}) AS i`)
	await db.execute(sql`INSERT INTO newsletter_subscribers (email, from_post_id, created_at)
		SELECT 'reader' || i || '@example.com', (SELECT min(id) FROM blog_posts) + i % ${POSTS},
			now() - random() * interval '90 days' FROM generate_series(1, ${Math.ceil(visits * 0.02)}) AS i`)
	await db.execute(sql`VACUUM ANALYZE`)
}

type Figure = { database: string; query: string; p50: number; p99: number }

async function bench(label: string, handle: DatabaseHandle, events: number): Promise<Figure[]> {
	const { db } = handle
	console.log(`${label}: seeding ${events.toLocaleString('en-US')} events...`)
	let started = performance.now()
	await seed(handle, events)
	console.log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (with VACUUM ANALYZE).`)
	const month = periodEnding(today(), 30)
	const quarter = periodEnding(today(), 90)
	started = performance.now()
	await insightsDashboard(db, month, false)
	const firstRollup = performance.now() - started
	console.log(`${label}: first load, rolling up ${91} days of events: ${firstRollup.toFixed(0)} ms (once).`)
	const [{ n } = { n: 0 }] = await selectRows<{ n: string | number }>(
		db,
		sql`SELECT count(*) AS n FROM analytics_events`,
	)
	console.log(`${label}: ${Number(n).toLocaleString('en-US')} events stored.`)
	// A page view arrives before each call, so today's figures are rolled up again every time, as on a live site.
	const newEvent = () =>
		db.execute(sql`INSERT INTO analytics_events (name, route, path, visitor_hash)
			VALUES ('page_view', '/', '/', md5(random()::text))`)
	const queries: [string, () => Promise<unknown>][] = [
		['30 days, nothing new', () => insightsDashboard(db, month, false)],
		[
			'30 days, a new event each time',
			async () => {
				await newEvent()
				return insightsDashboard(db, month, false)
			},
		],
		[
			'90 days compared with the 90 before, a new event each time',
			async () => {
				await newEvent()
				return insightsDashboard(db, quarter, true)
			},
		],
	]
	const figures: Figure[] = [
		{ database: label, query: 'first load (rolls up 91 days)', p50: firstRollup, p99: firstRollup },
	]
	for (const [query, run] of queries)
		figures.push({
			database: label,
			query,
			...(await measureLatency(run, { warmUps: WARM_UPS, iterations: ITERATIONS })),
		})
	return figures
}

console.log(`${ITERATIONS} timed calls per query after ${WARM_UPS} warm-ups.`)
const figures = await onFreshDatabases('bench_insights', adminUrl, (database, handle) =>
	bench(database, handle, database === 'PostgreSQL' ? PG_EVENTS : PGLITE_EVENTS),
)

console.table(
	figures.map((figure) => ({
		database: figure.database,
		query: figure.query,
		'p50 ms': figure.p50.toFixed(1),
		'p99 ms': figure.p99.toFixed(1),
		'p50 target': figure.query.startsWith('first load') ? '(once)' : `< ${TARGET_MS} ms`,
		verdict: figure.query.startsWith('first load') ? '' : figure.p50 < TARGET_MS ? 'PASS' : 'OVER',
	})),
)
