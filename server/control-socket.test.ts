import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase, selectRows } from '#app/db/client.server.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { controlSocketPath, startControlSocket } from './control-socket.ts'

/** A logger whose lines the test reads. */
function capturedLogger() {
	const lines: string[] = []
	const sink = new Writable({
		write(chunk, _encoding, done) {
			lines.push(String(chunk))
			done()
		},
	})
	return { logger: pino({ level: 'info' }, sink), lines }
}

function ask(socketPath: string, method: string, requestPath: string) {
	return new Promise<http.IncomingMessage>((resolve, reject) => {
		http.request({ socketPath, method, path: requestPath, agent: false }, resolve).on('error', reject).end()
	})
}

async function text(response: http.IncomingMessage) {
	let body = ''
	for await (const chunk of response) body += chunk
	return body
}

describe('the control socket', () => {
	let dataDir: string
	let database: DatabaseHandle
	beforeAll(async () => {
		dataDir = path.join(tempDir('control-'), 'data')
		database = await openDatabase({ dataDir })
		// About 4 MB of backup: more than the socket buffers hold, so an unread backup waits for its reader.
		await database.db.execute(sql`INSERT INTO analytics_events (name, path, visitor_hash)
			SELECT 'page_view', '/p/' || i, 'visitor-' || i FROM generate_series(1, 20000) AS i`)
	})
	afterAll(async () => {
		await database?.close()
	})

	it('replaces a stale socket, lets only its owner connect, streams GET /backup and answers 404 to anything else', async () => {
		const socketPath = controlSocketPath(dataDir)
		fs.writeFileSync(socketPath, 'left by a server that died')
		const { logger } = capturedLogger()
		const socket = await startControlSocket({ dataDir, db: database.db, logger })
		try {
			const stat = fs.statSync(socketPath)
			expect([stat.isSocket(), (stat.mode & 0o777).toString(8)]).toEqual([true, '600'])
			const backup = await ask(socketPath, 'GET', '/backup')
			expect([backup.statusCode, backup.headers['content-type']]).toEqual([200, 'application/x-ndjson'])
			const lines = (await text(backup)).trimEnd().split('\n')
			expect(lines[0]).toMatch(/^\{"format":2,"createdAt":"/)
			expect(lines).toHaveLength(20002)
			expect(JSON.parse(lines.at(-1) ?? '').tables.analytics_events).toBe(20000)
			for (const [method, requestPath] of [
				['GET', '/'],
				['POST', '/backup'],
				['GET', '/backup?full=1'],
				['DELETE', '/backup'],
			] as const) {
				const answer = await ask(socketPath, method, requestPath)
				expect([method, requestPath, answer.statusCode]).toEqual([method, requestPath, 404])
				await text(answer)
			}
		} finally {
			await socket.close()
		}
		expect(fs.existsSync(socketPath)).toBe(false)
	})

	it('ends a backup still being read when it closes, so the database is free to close next', async () => {
		const { logger, lines } = capturedLogger()
		const socket = await startControlSocket({ dataDir, db: database.db, logger })
		const response = await ask(controlSocketPath(dataDir), 'GET', '/backup')
		response.pause()
		await socket.close()
		// What the reader had not taken yet still arrives, then the connection ends without the backup's end.
		await expect(text(response)).rejects.toThrow('aborted')
		// The backup's transaction is over: the embedded database answers again.
		const [row] = await selectRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM analytics_events`)
		expect(Number(row?.n)).toBe(20000)
		expect(lines.join('')).toContain('backup over the control socket failed')
	})

	it('does not listen, and says why, when its path is too long for a socket address', async () => {
		const longDir = path.join(tempDir('control-'), 'd'.repeat(100))
		fs.mkdirSync(longDir)
		const { logger, lines } = capturedLogger()
		const socket = await startControlSocket({ dataDir: longDir, db: database.db, logger })
		expect(fs.readdirSync(longDir)).toEqual([])
		expect(lines.join('')).toContain('control socket not started: its path is longer than 100 bytes')
		await socket.close()
	})
})
