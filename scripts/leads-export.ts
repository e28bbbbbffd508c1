import { exportCsv, exportTables, isExportTable } from '#app/features/leads/export.server.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

/** `npm run leads:export -- TABLE`: the table as CSV on standard output, the same bytes the export endpoint sends. */
async function main() {
	const table = process.argv[2] ?? ''
	if (!isExportTable(table)) {
		console.error(
			`Usage: npm run leads:export -- TABLE, where TABLE is one of: ${Object.keys(exportTables).join(', ')}`,
		)
		return 2
	}
	const database = await openConfiguredDatabase()
	try {
		process.stdout.write(await exportCsv(database.db, table))
	} finally {
		await database.close()
	}
	return 0
}

await runDatabaseCommand(
	main,
	'While the server runs, export through it instead: ' +
		'GET /admin/export/TABLE.csv with "Authorization: Bearer $ADMIN_TOKEN".',
)
