import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase, selectRows } from '#app/db/client.server.ts'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { controlSocketPath, startControlSocket } from '../server/control-socket.ts'

const root = path.resolve(import.meta.dirname, '..')

/** Runs `npm run db:backup` or `db:restore` as a process of its own: this one may be the server it asks. */
function command(name: 'db-backup' | 'db-restore', file: string, env: Record<string, string>) {
	return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
		execFile(
			process.execPath,
			// Node 24 runs the TypeScript source itself: the code is erasable syntax only (tsconfig), so no tsx start.
			[`scripts/${name}.ts`, file],
			{ cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
			(error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
		)
	})
}

const addLead = (database: DatabaseHandle, name: string) =>
	database.db.execute(sql`INSERT INTO contact_messages (name, email, subject, message)
		VALUES (${name}, ${`${name.toLowerCase()}@example.com`}, 'Hi', 'Hello')`)

const leadNames = async (database: DatabaseHandle) =>
	(await selectRows<{ name: string }>(database.db, sql`SELECT name FROM contact_messages ORDER BY id`)).map(
		(row) => row.name,
	)

/** Files in the backup's folder: a failed backup leaves neither FILE nor its partial copy. */
const filesIn = (folder: string) => fs.readdirSync(folder).sort()

describe('npm run db:backup and db:restore', () => {
	it('back up the embedded database stopped or through its running server, keep no file when that fails, and restore only with the server stopped into an empty database', {
		timeout: 120_000,
	}, async () => {
		const dataDir = path.join(tempDir('db-backup-'), 'data')
		const files = tempDir('db-backup-files-')
		const stopped = path.join(files, 'stopped.ndjson')
		const running = path.join(files, 'running.ndjson')
		let database = await openDatabase({ dataDir })
		await addLead(database, 'Ada')
		await database.close()

		const fromStopped = await command('db-backup', stopped, { DATA_DIR: dataDir })
		expect(fromStopped.status, fromStopped.stderr).toBe(0)
		expect(fromStopped.stdout).toContain('contact_messages: 1 rows')
		expect((fs.statSync(stopped).mode & 0o777).toString(8)).toBe('600')

		// This process now owns DATA_DIR, as a running server does, and answers on its control socket.
		database = await openDatabase({ dataDir })
		try {
			await addLead(database, 'Grace')
			const socket = await startControlSocket({ dataDir, db: database.db, logger: pino({ level: 'silent' }) })
			const fromServer = await command('db-backup', running, { DATA_DIR: dataDir })
			await socket.close()
			expect(fromServer.status, fromServer.stderr).toBe(0)
			expect(fromServer.stdout).toContain('contact_messages: 2 rows')
			expect(fromServer.stdout).toContain(`from the running server (process ${process.pid})`)

			const locked = await command('db-restore', running, { DATA_DIR: dataDir })
			expect(locked.status).toBe(1)
			expect(locked.stderr).toContain('stop the server, restore, then start the server again')

			const silent = await command('db-backup', path.join(files, 'silent.ndjson'), { DATA_DIR: dataDir })
			expect(silent.status).toBe(1)
			expect(silent.stderr).toContain(`does not answer on ${controlSocketPath(dataDir)}`)

			// A server whose backup stops short: the reply ends cleanly, but without the backup's end line.
			const short = http.createServer((_req, res) => res.end('{"format":2,"createdAt":"2026-01-01T00:00:00.000Z"}\n'))
			await new Promise<void>((resolve) => short.listen(controlSocketPath(dataDir), resolve))
			const cut = await command('db-backup', path.join(files, 'cut.ndjson'), { DATA_DIR: dataDir })
			await new Promise((resolve) => short.close(resolve))
			expect(cut.status).toBe(1)
			expect(cut.stderr).toContain('The backup was cut short (it has no end line).\nNo backup was written.')
			expect(filesIn(files)).toEqual(['running.ndjson', 'stopped.ndjson'])
		} finally {
			await database.close()
		}

		const target = path.join(tempDir('db-restore-'), 'data')
		const restored = await command('db-restore', running, { DATA_DIR: target })
		expect(restored.status, restored.stderr).toBe(0)
		expect(restored.stdout).toContain('contact_messages: 2 rows restored')
		const again = await command('db-restore', stopped, { DATA_DIR: target })
		expect(again.status).toBe(1)
		expect(again.stderr).toContain(
			'contact_messages already holds rows: restore into an empty database\nNothing was restored.',
		)
		const copy = await openDatabase({ dataDir: target })
		try {
			expect(await leadNames(copy)).toEqual(['Ada', 'Grace'])
		} finally {
			await copy.close()
		}
	})

	it.runIf(process.env.TEST_DATABASE_URL)(
		'back up and restore PostgreSQL with DATABASE_URL',
		{
			timeout: 60_000,
		},
		async () => {
			const adminUrl = process.env.TEST_DATABASE_URL ?? ''
			const [from, to] = await Promise.all([createPostgresDatabase(adminUrl), createPostgresDatabase(adminUrl)])
			try {
				const source = await openDatabase({ databaseUrl: from.databaseUrl })
				await addLead(source, 'Linus').finally(() => source.close())
				const file = path.join(tempDir('db-backup-'), 'postgres.ndjson')
				const backedUp = await command('db-backup', file, { DATABASE_URL: from.databaseUrl })
				expect(backedUp.status, backedUp.stderr).toBe(0)
				const restored = await command('db-restore', file, { DATABASE_URL: to.databaseUrl })
				expect(restored.status, restored.stderr).toBe(0)
				const target = await openDatabase({ databaseUrl: to.databaseUrl })
				try {
					expect(await leadNames(target)).toEqual(['Linus'])
				} finally {
					await target.close()
				}
			} finally {
				await Promise.all([from.drop(), to.drop()])
			}
		},
	)
})
