import { parseArgs } from 'node:util'
import { RETENTION_DAYS } from '../app/features/insights/events.server.ts'
import { formatInsightsReport, insightsReport } from '../app/features/insights/report.server.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

const USAGE = `Usage: npm run insights:report -- [--days N], N from 1 to ${RETENTION_DAYS} (default 30)`

/** `npm run insights:report -- --days 30`: page views per path, unique visitors per day and the beta funnel. */
async function main() {
	let days: number
	try {
		const { values } = parseArgs({ options: { days: { type: 'string', default: '30' } } })
		days = Number(values.days)
	} catch {
		days = Number.NaN
	}
	if (!Number.isInteger(days) || days < 1 || days > RETENTION_DAYS) {
		console.error(USAGE)
		return 2
	}
	const database = await openConfiguredDatabase()
	try {
		process.stdout.write(formatInsightsReport(await insightsReport(database.db, days)))
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
