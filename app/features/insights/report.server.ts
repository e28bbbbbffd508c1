import { shownAsTyped } from '#app/features/console/typed-text.ts'
import type { InsightsDashboard, InsightsFigures } from './dashboard.ts'

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`)
const share = (part: number, whole: number) => percent(whole > 0 ? part / whole : null)

function table(header: string[], rows: (string | number | null)[][]) {
	if (rows.length === 0) return '(none)'
	// What visitors sent can hold terminal escapes: shown as marks, never sent to the operator's terminal.
	const cells = [header, ...rows.map((row) => row.map((cell) => shownAsTyped(String(cell ?? '-'))))]
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

const totalsRow = (figures: InsightsFigures) => [
	`${figures.period.from} to ${figures.period.to}`,
	figures.totals.visitors,
	figures.totals.pageViews,
	figures.totals.leads,
	figures.totals.leadVisitors,
	percent(figures.totals.conversion),
]

/** The dashboard's figures as plain text for a terminal: the same tables, in the same order. */
export function formatInsightsReport({ current, previous }: InsightsDashboard) {
	const { period } = current
	const section = (title: string, body: string) => [title, body, '']
	return [
		`Insights for ${period.from} to ${period.to} (${period.days} days, UTC)`,
		'',
		...section(
			'Totals',
			table(
				['period', 'visitors', 'page views', 'leads', 'visitors who became leads', 'conversion'],
				[totalsRow(current), ...(previous ? [totalsRow(previous)] : [])],
			),
		),
		...section(
			'Visitors and page views per day',
			table(
				['day', 'visitors', 'page views'],
				current.daily.map((row) => [row.day, row.visitors, row.pageViews]),
			),
		),
		...section(
			'Leads per day by form',
			table(
				['day', 'beta', 'waitlist', 'contact', 'newsletter'],
				current.leadsDaily.map((row) => [row.day, row.beta, row.waitlist, row.contact, row.newsletter]),
			),
		),
		...section(
			'Top pages',
			table(
				['path', 'views', 'visitors'],
				current.pages.map((row) => [row.path, row.views, row.visitors]),
			),
		),
		...section(
			'Top referring sites',
			table(
				['site', 'visitors', 'leads', 'conversion'],
				current.referrers.map((row) => [row.host, row.visitors, row.leads, percent(row.rate)]),
			),
		),
		...section(
			'Top campaigns',
			table(
				['campaign', 'source', 'medium', 'visitors', 'leads', 'conversion'],
				current.campaigns.map((row) => [
					row.campaign,
					row.source,
					row.medium,
					row.visitors,
					row.leads,
					percent(row.rate),
				]),
			),
		),
		...section(
			'Conversion per source',
			table(
				['source', 'visitors', 'leads', 'conversion'],
				current.sources.map((row) => [row.source, row.visitors, row.leads, percent(row.rate)]),
			),
		),
		...section(
			'Beta funnel (visitors, each counted once a day)',
			table(
				['source', 'step', 'visitors', 'of page views', 'of previous step'],
				current.funnel.flatMap((funnel) =>
					funnel.steps.map((step, index) => [
						funnel.source ?? 'all',
						step.label,
						step.visitors,
						share(step.visitors, funnel.steps[0]?.visitors ?? 0),
						index === 0 ? '' : share(step.visitors, funnel.steps[index - 1]?.visitors ?? 0),
					]),
				),
			),
		),
		...section(
			'Top blog posts by views',
			table(
				['post', 'views', 'visitors'],
				current.posts.byViews.map((row) => [row.slug, row.views, row.visitors]),
			),
		),
		...section(
			'Top blog posts by newsletter sign-ups',
			table(
				['post', 'sign-ups'],
				current.posts.bySignUps.map((row) => [row.slug, row.signUps]),
			),
		),
	].join('\n')
}
