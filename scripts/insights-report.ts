import { parseArgs } from 'node:util'
import { MAX_CUSTOM_DAYS } from '#app/content/insights.ts'
import { insightsDashboard } from '#app/features/insights/dashboard.server.ts'
import { periodEnding, periodFromSearch } from '#app/features/insights/dashboard.ts'
import { formatInsightsReport } from '#app/features/insights/report.server.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

const USAGE = `Usage: npm run insights:report -- [--days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--compare]
  --days N     the N days ending today (UTC), N from 1 to ${MAX_CUSTOM_DAYS} (default 30)
  --from/--to  a range of days (UTC), both included, as on the dashboard
  --compare    also the totals of the period just before`

/** The period the arguments ask for, as the dashboard's address would say it; null when they make no sense. */
function requestedPeriod(args: string[]) {
	let values: { days?: string; from?: string; to?: string; compare?: boolean }
	try {
		;({ values } = parseArgs({
			args,
			options: {
				days: { type: 'string' },
				from: { type: 'string' },
				to: { type: 'string' },
				compare: { type: 'boolean' },
			},
		}))
	} catch {
		return null
	}
	const search = new URLSearchParams({ period: 'custom', compare: values.compare ? '1' : '0' })
	if (values.from !== undefined || values.to !== undefined) {
		if (values.days !== undefined) return null
		search.set('from', values.from ?? '')
		search.set('to', values.to ?? '')
	} else {
		const days = Number(values.days ?? '30')
		if (!Number.isInteger(days) || days < 1 || days > MAX_CUSTOM_DAYS) return null
		const { from, to } = periodEnding(new Date().toISOString().slice(0, 10), days)
		search.set('from', from)
		search.set('to', to)
	}
	const choice = periodFromSearch(search)
	return choice.problem ? null : choice
}

/** `npm run insights:report -- --days 30`: the dashboard's figures as text. */
async function main() {
	const choice = requestedPeriod(process.argv.slice(2))
	if (!choice) {
		console.error(USAGE)
		return 2
	}
	const database = await openConfiguredDatabase()
	try {
		process.stdout.write(formatInsightsReport(await insightsDashboard(database.db, choice.period, choice.compare)))
	} finally {
		await database.close()
	}
	return 0
}

await runDatabaseCommand(
	main,
	'Stop the server to read the report from the embedded database, ' +
		'or run both on a PostgreSQL they share (DATABASE_URL).',
)
