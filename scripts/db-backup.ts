import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'
import { BackupError, backupEnd, backupTables, writeBackup } from '#app/db/backup.server.ts'
import { DataDirLockedError, dataDirOwner } from '#app/db/data-dir-lock.server.ts'
import { loadConfig } from '#app/features/site/config.server.ts'
import { controlSocketPath, MAX_SOCKET_PATH_BYTES, socketPathFits } from '../server/control-socket.ts'
import { openConfiguredDatabase, runDatabaseCommand } from './lib/database-command.ts'

/** Enough of a backup's end to hold its last line, the row count of every table. */
const END_BYTES = 64 * 1024

/** Asks the server that owns the embedded database for a backup over its control socket. */
function backupFromServer(dataDir: string, owner: number, out: Writable) {
	const socketPath = controlSocketPath(dataDir)
	const instead = 'Stop the server and run this again, or run the site on PostgreSQL (DATABASE_URL).'
	if (!socketPathFits(socketPath)) {
		throw new BackupError(
			`The server (process ${owner}) owns ${dataDir}, but its control socket path is longer than ${MAX_SOCKET_PATH_BYTES} bytes, so it takes no backup requests. ${instead}`,
		)
	}
	return new Promise<void>((resolve, reject) => {
		const request = http.get({ socketPath, path: '/backup' }, (response) => {
			if (response.statusCode !== 200) {
				response.resume()
				reject(new BackupError(`The server (process ${owner}) answered ${response.statusCode} to the backup request.`))
				return
			}
			pipeline(response, out).then(resolve, reject)
		})
		request.on('error', (error: NodeJS.ErrnoException) => {
			reject(
				new BackupError(
					`The server (process ${owner}) owns ${dataDir} but does not answer on ${socketPath} (${error.code ?? error.message}). ${instead}`,
				),
			)
		})
	})
}

/** The row counts of the backup's end line: a backup without one was cut short and is not kept. */
function endOf(file: string) {
	const size = fs.statSync(file).size
	const fd = fs.openSync(file, 'r')
	try {
		const tail = Buffer.alloc(Math.min(size, END_BYTES))
		fs.readSync(fd, tail, 0, tail.length, size - tail.length)
		const summary = backupEnd(tail.toString('utf8').trimEnd().split('\n').at(-1) ?? '')
		if (!summary) throw new BackupError('The backup was cut short (it has no end line).')
		return summary
	} finally {
		fs.closeSync(fd)
	}
}

/** Writes beside FILE and renames it into place once complete and on disk: a failed backup leaves no FILE. */
async function writeAtomically(file: string, write: (out: Writable) => Promise<void>) {
	const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`)
	// The backup holds every lead and operator: readable by its owner only.
	const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 })
	// Listening from the start: a write error ends the backup here instead of the process.
	const written = finished(out)
	written.catch(() => {})
	try {
		await write(out)
		await written
		// On disk before it takes FILE's name, so a crash right after never leaves a FILE with data missing.
		const handle = await fs.promises.open(partial, 'r')
		await handle.sync().finally(() => handle.close())
		const summary = endOf(partial)
		await fs.promises.rename(partial, file)
		return summary
	} catch (error) {
		// A stream destroyed before its file is open still opens it: the file goes once the stream has closed.
		await new Promise<void>((resolve) => {
			if (out.closed) return resolve()
			out.once('close', () => resolve())
			out.destroy()
		})
		fs.rmSync(partial, { force: true })
		throw error
	}
}

/**
 * `npm run db:backup -- FILE`: a consistent copy of every table (see app/db/backup.server.ts). PostgreSQL and a
 * stopped embedded database are read directly; a running server's embedded database through the server.
 */
async function main() {
	const file = process.argv[2]
	if (!file) {
		console.error('Usage: npm run db:backup -- FILE')
		return 2
	}
	const config = loadConfig()
	const dataDir = path.resolve(config.DATA_DIR)
	const owner = config.DATABASE_URL ? undefined : dataDirOwner(dataDir)
	try {
		const summary = await writeAtomically(path.resolve(file), async (out) => {
			if (owner !== undefined) return backupFromServer(dataDir, owner, out)
			const database = await openConfiguredDatabase()
			try {
				await writeBackup(database.db, out)
				out.end()
			} finally {
				await database.close()
			}
		})
		for (const table of backupTables) console.log(`${table}: ${summary.tables[table]} rows`)
		const source = owner !== undefined ? ` from the running server (process ${owner})` : ''
		console.log(`Backup written to ${file}${source}.`)
		return 0
	} catch (error) {
		if (error instanceof DataDirLockedError) throw error
		console.error(`${error instanceof Error ? error.message : String(error)}\nNo backup was written.`)
		return 1
	}
}

await runDatabaseCommand(
	main,
	'A server started while the backup began: run it again, and it asks that server for the backup.',
)
