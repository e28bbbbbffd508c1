import { type SQL, sql } from 'drizzle-orm'
import { BETA_FUNNEL, DIRECT_SOURCE } from '#app/content/insights.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import {
	type InsightsDashboard,
	type InsightsFigures,
	type InsightsPeriod,
	periodDays,
	previousPeriod,
} from './dashboard.ts'
import { refreshRollups } from './rollups.server.ts'

/** How many rows each "top" table shows. */
export const TOP_ROWS = 10

type Count = string | number
const count = (value: Count | null | undefined) => Number(value ?? 0)
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null)

const inPeriod = (period: InsightsPeriod, day = sql`day`) =>
	sql`${day} BETWEEN ${period.from}::date AND ${period.to}::date`
const createdInPeriod = (period: InsightsPeriod, createdAt = sql`created_at`) =>
	sql`${createdAt} >= ${`${period.from}T00:00:00Z`}::timestamptz
		AND ${createdAt} < (${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`

const LEAD_TABLES = {
	beta: 'beta_applications',
	waitlist: 'community_waitlist',
	contact: 'contact_messages',
	newsletter: 'newsletter_subscribers',
} as const

/**
 * The figures of one period, from the daily rollups (which must be fresh) and the lead tables. A visit's source is its
 * campaign's source, else its ref, else the referring site, else none (direct).
 */
async function figures(db: Database, period: InsightsPeriod): Promise<InsightsFigures> {
	const where = inPeriod(period)
	const days = periodDays(period)
	const query = <T>(statement: SQL) => selectRows<T>(db, statement)
	const [daily, sources, referrers, campaigns, pages, leads, postViews, postSignUps] = await Promise.all([
		query<{ day: string; visitors: Count; page_views: Count }>(
			sql`SELECT day::text AS day, sum(visitors) AS visitors, sum(page_views) AS page_views
				FROM insights_daily_sources WHERE ${where} GROUP BY day`,
		),
		query<{
			source: string | null
			visitors: Count
			leads: Count
			viewing: Count
			dialog: Count
			applying: Count
		}>(
			sql`SELECT COALESCE(utm_source, ref, referrer_host) AS source, sum(visitors) AS visitors, sum(lead_visitors) AS leads, sum(viewing_visitors) AS viewing,
					sum(dialog_visitors) AS dialog, sum(applying_visitors) AS applying
				FROM insights_daily_sources WHERE ${where}
				GROUP BY COALESCE(utm_source, ref, referrer_host)
				ORDER BY sum(visitors) DESC, COALESCE(utm_source, ref, referrer_host) NULLS LAST`,
		),
		query<{ host: string; visitors: Count; leads: Count }>(
			sql`SELECT referrer_host AS host, sum(visitors) AS visitors, sum(lead_visitors) AS leads
				FROM insights_daily_sources WHERE ${where} AND referrer_host IS NOT NULL
				GROUP BY referrer_host ORDER BY sum(visitors) DESC, referrer_host LIMIT ${TOP_ROWS}`,
		),
		query<{ campaign: string; source: string | null; medium: string | null; visitors: Count; leads: Count }>(
			sql`SELECT utm_campaign AS campaign, utm_source AS source, utm_medium AS medium,
					sum(visitors) AS visitors, sum(lead_visitors) AS leads
				FROM insights_daily_sources WHERE ${where} AND utm_campaign IS NOT NULL
				GROUP BY utm_campaign, utm_source, utm_medium
				ORDER BY sum(visitors) DESC, utm_campaign, utm_source NULLS LAST, utm_medium NULLS LAST LIMIT ${TOP_ROWS}`,
		),
		query<{ path: string; views: Count; visitors: Count }>(
			sql`SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM insights_daily_pages WHERE ${where}
				GROUP BY path ORDER BY sum(views) DESC, path LIMIT ${TOP_ROWS}`,
		),
		query<{ day: string; kind: keyof typeof LEAD_TABLES; leads: Count }>(
			sql.join(
				Object.entries(LEAD_TABLES).map(
					([kind, table]) =>
						sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${kind} AS kind, count(*) AS leads
							FROM ${sql.identifier(table)} WHERE ${createdInPeriod(period)} GROUP BY 1`,
				),
				sql` UNION ALL `,
			),
		),
		query<{ slug: string; title: string; views: Count; visitors: Count }>(
			sql`SELECT p.seo_slug AS slug, p.title, sum(d.views) AS views, sum(d.visitors) AS visitors
				FROM insights_daily_pages d JOIN blog_posts p ON substr(d.path, 7) = p.seo_slug
				WHERE ${inPeriod(period, sql`d.day`)} AND d.path LIKE '/blog/%'
				GROUP BY p.id ORDER BY sum(d.views) DESC, p.seo_slug LIMIT ${TOP_ROWS}`,
		),
		query<{ slug: string; title: string; sign_ups: Count }>(
			sql`SELECT p.seo_slug AS slug, p.title, count(*) AS sign_ups
				FROM newsletter_subscribers n JOIN blog_posts p ON p.id = n.from_post_id
				WHERE ${createdInPeriod(period, sql`n.created_at`)}
				GROUP BY p.id ORDER BY count(*) DESC, p.seo_slug LIMIT ${TOP_ROWS}`,
		),
	])

	const dailyByDay = new Map(daily.map((row) => [row.day, row]))
	const leadsByDay = new Map<string, Record<keyof typeof LEAD_TABLES, number>>()
	for (const row of leads) {
		const day = leadsByDay.get(row.day) ?? { beta: 0, waitlist: 0, contact: 0, newsletter: 0 }
		day[row.kind] = count(row.leads)
		leadsByDay.set(row.day, day)
	}
	const bySource = sources.map((row) => ({
		key: row.source === null ? 'direct' : `source:${row.source}`,
		source: row.source ?? DIRECT_SOURCE,
		visitors: count(row.visitors),
		leads: count(row.leads),
		steps: [count(row.viewing), count(row.dialog), count(row.applying)],
	}))
	const topSources = bySource.slice(0, TOP_ROWS)
	const visitors = bySource.reduce((sum, row) => sum + row.visitors, 0)
	const leadVisitors = bySource.reduce((sum, row) => sum + row.leads, 0)
	const funnelSteps = (steps: number[]) =>
		BETA_FUNNEL.map((step, index) => ({ label: step.label, visitors: steps[index] ?? 0 }))
	return {
		period,
		totals: {
			visitors,
			pageViews: daily.reduce((sum, row) => sum + count(row.page_views), 0),
			leads: leads.reduce((sum, row) => sum + count(row.leads), 0),
			leadVisitors,
			conversion: rate(leadVisitors, visitors),
		},
		daily: days.map((day) => ({
			day,
			visitors: count(dailyByDay.get(day)?.visitors),
			pageViews: count(dailyByDay.get(day)?.page_views),
		})),
		leadsDaily: days.map((day) => ({
			day,
			...(leadsByDay.get(day) ?? { beta: 0, waitlist: 0, contact: 0, newsletter: 0 }),
		})),
		pages: pages.map((row) => ({ path: row.path, views: count(row.views), visitors: count(row.visitors) })),
		referrers: referrers.map((row) => {
			const [visitorCount, leadCount] = [count(row.visitors), count(row.leads)]
			return { host: row.host, visitors: visitorCount, leads: leadCount, rate: rate(leadCount, visitorCount) }
		}),
		campaigns: campaigns.map((row) => {
			const [visitorCount, leadCount] = [count(row.visitors), count(row.leads)]
			return { ...row, visitors: visitorCount, leads: leadCount, rate: rate(leadCount, visitorCount) }
		}),
		sources: topSources.map(({ steps: _, ...row }) => ({ ...row, rate: rate(row.leads, row.visitors) })),
		funnel: [
			{
				key: 'all',
				source: null,
				steps: funnelSteps([0, 1, 2].map((index) => bySource.reduce((sum, row) => sum + (row.steps[index] ?? 0), 0))),
			},
			...topSources.map((row) => ({ key: row.key, source: row.source, steps: funnelSteps(row.steps) })),
		],
		posts: {
			byViews: postViews.map((row) => ({ ...row, views: count(row.views), visitors: count(row.visitors) })),
			bySignUps: postSignUps.map((row) => ({ slug: row.slug, title: row.title, signUps: count(row.sign_ups) })),
		},
	}
}

/** The dashboard's figures for a period and, when asked, the period before it; brings the rollups up to date first. */
export async function insightsDashboard(
	db: Database,
	period: InsightsPeriod,
	compare: boolean,
): Promise<InsightsDashboard> {
	await refreshRollups(db)
	const [current, previous] = await Promise.all([
		figures(db, period),
		compare ? figures(db, previousPeriod(period)) : null,
	])
	return { current, previous }
}
