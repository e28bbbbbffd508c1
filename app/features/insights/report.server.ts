import { sql } from 'drizzle-orm'
import { type Database, selectRows } from '../../db/client.server.ts'

/** The beta funnel's steps, in order. */
export const BETA_FUNNEL = [
	{ event: 'page_view', label: 'page view' },
	{ event: 'beta_dialog_opened', label: 'dialog opened' },
	{ event: 'beta_application_submitted', label: 'application submitted' },
] as const

export type InsightsReport = {
	days: number
	since: Date
	pages: { path: string; views: number; visitors: number }[]
	visitorsPerDay: { day: string; visitors: number }[]
	funnel: { label: string; visitors: number; events: number }[]
}

/** Page views per path, unique visitors per UTC day and the beta funnel over the last `days` days. */
export async function insightsReport(db: Database, days: number): Promise<InsightsReport> {
	const since = new Date(Date.now() - days * 86_400_000)
	const pages = await selectRows<{ path: string; views: string; visitors: string }>(
		db,
		sql`SELECT path, count(*) AS views, count(DISTINCT visitor_hash) AS visitors FROM analytics_events
			WHERE name = 'page_view' AND created_at >= ${since.toISOString()}::timestamptz
			GROUP BY path ORDER BY count(*) DESC, path`,
	)
	const visitorsPerDay = await selectRows<{ day: string; visitors: string }>(
		db,
		sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(DISTINCT visitor_hash) AS visitors
			FROM analytics_events WHERE created_at >= ${since.toISOString()}::timestamptz GROUP BY 1 ORDER BY 1`,
	)
	// Visitor hashes change every day, so a distinct hash is one visitor on one day.
	const steps = await selectRows<{ name: string; visitors: string; events: string }>(
		db,
		sql`SELECT name, count(DISTINCT visitor_hash) AS visitors, count(*) AS events FROM analytics_events
			WHERE created_at >= ${since.toISOString()}::timestamptz
				AND name IN (${sql.join(
					BETA_FUNNEL.map((step) => sql`${step.event}`),
					sql`, `,
				)})
			GROUP BY name`,
	)
	return {
		days,
		since,
		pages: pages.map((row) => ({ path: row.path, views: Number(row.views), visitors: Number(row.visitors) })),
		visitorsPerDay: visitorsPerDay.map((row) => ({ day: row.day, visitors: Number(row.visitors) })),
		funnel: BETA_FUNNEL.map((step) => {
			const row = steps.find((candidate) => candidate.name === step.event)
			return { label: step.label, visitors: Number(row?.visitors ?? 0), events: Number(row?.events ?? 0) }
		}),
	}
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '-')

function table(header: string[], rows: (string | number)[][]) {
	const cells = [header, ...rows.map((row) => row.map(String))]
	const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)))
	return cells
		.map((row) =>
			row
				.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
				.join('  ')
				.trimEnd(),
		)
		.join('\n')
}

/** The report as plain text for a terminal. */
export function formatInsightsReport(report: InsightsReport) {
	const first = report.funnel[0]?.visitors ?? 0
	return [
		`Insights for the last ${report.days} days (since ${report.since.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
		'',
		'Page views per path',
		report.pages.length
			? table(
					['path', 'views', 'visitors'],
					report.pages.map((row) => [row.path, row.views, row.visitors]),
				)
			: '(none)',
		'',
		'Unique visitors per day (UTC)',
		report.visitorsPerDay.length
			? table(
					['day', 'visitors'],
					report.visitorsPerDay.map((row) => [row.day, row.visitors]),
				)
			: '(none)',
		'',
		'Beta funnel (visitors, each counted once a day)',
		table(
			['step', 'visitors', 'events', 'of page views', 'of previous step'],
			report.funnel.map((step, index) => [
				step.label,
				step.visitors,
				step.events,
				percent(step.visitors, first),
				index === 0 ? '' : percent(step.visitors, report.funnel[index - 1]?.visitors ?? 0),
			]),
		),
		'',
	].join('\n')
}
