import fs from 'node:fs'
import { backupTables, restoreBackup } from '#app/db/backup.server.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

/** `npm run db:restore -- FILE`: loads a backup (or an older `db:export` file) into an empty database. */
async function main() {
	const file = process.argv[2]
	if (!file || !fs.existsSync(file)) {
		console.error('Usage: npm run db:restore -- FILE (a file of npm run db:backup, or of db:export)')
		return 2
	}
	const database = await openConfiguredDatabase()
	try {
		const summary = await restoreBackup(database.db, fs.createReadStream(file))
		for (const table of backupTables) console.log(`${table}: ${summary.tables[table]} rows restored`)
		return 0
	} catch (error) {
		// Everything happens in one transaction, so any failure leaves the database as it was.
		console.error(`${error instanceof Error ? error.message : String(error)}\nNothing was restored.`)
		return 1
	} finally {
		await database.close()
	}
}

await runDatabaseCommand(
	main,
	'A restore needs the data folder to itself: stop the server, restore, then start the server again.',
)
