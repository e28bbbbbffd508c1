import path from 'node:path'
import { openDatabase } from '#app/db/client.server.ts'
import { DataDirLockedError } from '#app/db/data-dir-lock.server.ts'
import { ConfigError, loadConfig } from '#app/features/site/config.server.ts'

/** Opens the database the configuration names: PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR. */
export function openConfiguredDatabase() {
	const config = loadConfig()
	return openDatabase(
		config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.resolve(config.DATA_DIR) },
	)
}

/**
 * Runs a command's main function as the exit code. A bad configuration prints its one line; an embedded database
 * owned by a running server prints who owns it and `whenLocked`, what to do instead. Both exit 1.
 */
export async function runDatabaseCommand(main: () => Promise<number>, whenLocked: string) {
	try {
		process.exitCode = await main()
	} catch (error) {
		if (error instanceof DataDirLockedError) {
			console.error(`${error.message}\n${whenLocked}`)
			process.exitCode = 1
		} else if (error instanceof ConfigError) {
			console.error(error.message)
			process.exitCode = 1
		} else {
			throw error
		}
	}
}
