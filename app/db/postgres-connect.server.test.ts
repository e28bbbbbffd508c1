import crypto from 'node:crypto'
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'
import { openDatabase } from './client.server.ts'
import { capturedLogger } from './log-capture.test-support.ts'
import { StartupError } from './startup-error.server.ts'

const adminUrl = process.env.TEST_DATABASE_URL

async function closedPort() {
	const server = net.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as net.AddressInfo
	await new Promise((resolve) => server.close(resolve))
	return port
}

/** A PostgreSQL ErrorResponse message as a server sends it before closing the connection. */
function errorResponse(code: string, message: string) {
	const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`)
	const header = Buffer.alloc(5)
	header.write('E')
	header.writeInt32BE(fields.length + 4, 1)
	return Buffer.concat([header, fields])
}

type Answer = { code: string; message: string } | { proxyTo: URL }

/** A server on loopback that answers each connection's startup with an error, or passes it to a real server. */
async function fakePostgres(answer: (connection: number) => Answer) {
	let connections = 0
	const server = net.createServer((socket) => {
		socket.on('error', () => {})
		const reply = answer(connections++)
		if ('proxyTo' in reply) {
			const upstream = net.connect(Number(reply.proxyTo.port || 5432), reply.proxyTo.hostname)
			upstream.on('error', () => socket.destroy())
			socket.on('close', () => upstream.destroy())
			socket.pipe(upstream).pipe(socket)
			return
		}
		socket.once('data', () => socket.end(errorResponse(reply.code, reply.message)))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		port: (server.address() as net.AddressInfo).port,
		close: () => new Promise((resolve) => server.close(resolve)),
	}
}

async function failure(open: Promise<unknown>) {
	const error = await open.then(
		() => undefined,
		(reason: unknown) => reason,
	)
	expect(error).toBeInstanceOf(StartupError)
	return error as StartupError
}

describe('opening PostgreSQL', () => {
	it('retries an unreachable server with one warning per attempt, then fails with one line', async () => {
		const port = await closedPort()
		const log = capturedLogger()
		const started = Date.now()
		const error = await failure(
			openDatabase({
				databaseUrl: `postgres://site:hunter2@127.0.0.1:${port}/site`,
				connectTimeoutMs: 2_000,
				logger: log.logger,
			}),
		)
		const elapsed = Date.now() - started

		expect(error.kind).toBe('database-unreachable')
		expect(error.message).toBe(
			`PostgreSQL at 127.0.0.1:${port} (database site) did not answer for 2 s: connect ECONNREFUSED 127.0.0.1:${port}. Check DATABASE_URL and that the server is running.`,
		)
		expect(elapsed).toBeGreaterThanOrEqual(2_000)
		expect(elapsed).toBeLessThan(4_000)
		const lines = log.lines()
		expect(lines.length).toBeGreaterThanOrEqual(3)
		expect(lines.map((line) => line.attempt)).toEqual(lines.map((_, index) => index + 1))
		expect(lines.slice(0, 2).map((line) => line.retryInMs)).toEqual([500, 1_000])
		for (const line of lines) {
			expect(line).toMatchObject({
				level: 40,
				msg: 'PostgreSQL not reachable; will retry',
				host: '127.0.0.1',
				port,
				database: 'site',
				reason: `connect ECONNREFUSED 127.0.0.1:${port}`,
			})
		}
		expect(log.raw.join('')).not.toContain('hunter2')
		expect(log.raw.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true)
	})

	it('fails at once, with what to fix, when the server refuses the password', async () => {
		const server = await fakePostgres(() => ({
			code: '28P01',
			message: 'password authentication failed for user "site"',
		}))
		const log = capturedLogger()
		const started = Date.now()
		const error = await failure(
			openDatabase({
				databaseUrl: `postgres://site:wrong@127.0.0.1:${server.port}/site`,
				connectTimeoutMs: 30_000,
				logger: log.logger,
			}),
		)
		await server.close()
		expect(Date.now() - started).toBeLessThan(2_000)
		expect(error.kind).toBe('database-login-refused')
		expect(error.message).toBe(
			`PostgreSQL at 127.0.0.1:${server.port} (database site) refused the login: password authentication failed for user "site". Check the user and password in DATABASE_URL and the server's pg_hba.conf.`,
		)
		expect(log.raw).toEqual([])
	})

	describe.runIf(adminUrl)('on a real server', () => {
		const cleanups: (() => Promise<unknown>)[] = []
		afterAll(async () => {
			for (const cleanup of cleanups.reverse()) await cleanup()
		})

		it('fails at once with one line naming a database that does not exist', async () => {
			const name = `site_missing_${crypto.randomBytes(4).toString('hex')}`
			const url = new URL(adminUrl as string)
			url.pathname = `/${name}`
			const log = capturedLogger()
			const started = Date.now()
			const error = await failure(
				openDatabase({ databaseUrl: url.toString(), connectTimeoutMs: 30_000, logger: log.logger }),
			)
			expect(Date.now() - started).toBeLessThan(2_000)
			expect(error.kind).toBe('database-missing')
			expect(error.message).toBe(
				`PostgreSQL at ${url.hostname}:${url.port || 5432} (database ${name}) has no such database: database "${name}" does not exist. Create it or fix the database name in DATABASE_URL.`,
			)
			expect(log.raw).toEqual([])
		})

		it('waits while the server is starting up, then opens and migrates', async () => {
			const { databaseUrl, drop } = await createPostgresDatabase(adminUrl as string)
			cleanups.push(drop)
			const real = new URL(databaseUrl)
			const server = await fakePostgres((connection) =>
				connection < 2 ? { code: '57P03', message: 'the database system is starting up' } : { proxyTo: real },
			)
			cleanups.push(server.close)
			const viaFake = new URL(databaseUrl)
			viaFake.host = `127.0.0.1:${server.port}`
			viaFake.password = 'hunter2'
			const log = capturedLogger()

			const handle = await openDatabase({
				databaseUrl: viaFake.toString(),
				connectTimeoutMs: 10_000,
				logger: log.logger,
			})
			cleanups.push(() => handle.close())
			await handle.ping()

			const retries = log.lines().filter((line) => line.level === 40)
			expect(retries.map(({ attempt, reason, retryInMs }) => ({ attempt, reason, retryInMs }))).toEqual([
				{ attempt: 1, reason: 'the database system is starting up', retryInMs: 500 },
				{ attempt: 2, reason: 'the database system is starting up', retryInMs: 1_000 },
			])
			expect(log.lines().filter((line) => line.msg === 'migration applied').length).toBeGreaterThan(0)
			expect(log.raw.join('')).not.toContain('hunter2')
		})
	})
})
