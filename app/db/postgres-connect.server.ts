import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { Logger } from 'pino'
import { errnoCode, reasonOf, StartupError, sqlState } from './startup-error.server.ts'

/** Where a PostgreSQL URL points, without user or password: what logs and messages may name. */
export type PostgresTarget = { host: string; port: number; database: string }

export function postgresTarget(databaseUrl: string): PostgresTarget {
	const client = new pg.Client({ connectionString: databaseUrl })
	return { host: client.host, port: client.port, database: client.database ?? '' }
}

export function describeTarget({ host, port, database }: PostgresTarget) {
	return `PostgreSQL at ${host}:${port} (database ${database})`
}

const FIRST_WAIT_MS = 500
const LONGEST_WAIT_MS = 8_000
/** One attempt waits at most this long for an answer, so a silent network still gets several tries. */
const ATTEMPT_TIMEOUT_MS = 10_000

/** Network failures, and a server that is starting, shutting down or full: each can pass by itself. */
const TRANSIENT_ERRNO = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EHOSTDOWN',
	'ENETDOWN',
	'EPIPE',
	'ENOTFOUND',
	'EAI_AGAIN',
])
const TRANSIENT_SQLSTATE = new Set(['57P01', '57P02', '57P03', '53000', '53300'])

function isTransient(error: unknown) {
	const state = sqlState(error)
	if (state) return TRANSIENT_SQLSTATE.has(state)
	const code = errnoCode(error)
	if (code) return TRANSIENT_ERRNO.has(code)
	return error instanceof Error && /^Connection terminated/.test(error.message)
}

/** Refusals that waiting does not fix, each with what to change. */
function refusal(error: unknown, target: PostgresTarget): StartupError {
	const where = describeTarget(target)
	const reason = reasonOf(error)
	const state = sqlState(error)
	if (state === '3D000') {
		return new StartupError(
			'database-missing',
			`${where} has no such database: ${reason}. Create it or fix the database name in DATABASE_URL.`,
			{ cause: error },
		)
	}
	if (state === '28P01' || state === '28000') {
		return new StartupError(
			'database-login-refused',
			`${where} refused the login: ${reason}. Check the user and password in DATABASE_URL and the server's pg_hba.conf.`,
			{ cause: error },
		)
	}
	return new StartupError(
		'database-refused',
		`${where} refused the connection: ${reason}. Check DATABASE_URL and the server's settings.`,
		{ cause: error },
	)
}

export type ConnectOptions = { target: PostgresTarget; timeoutMs: number; logger?: Logger }

/**
 * Connects one client, retrying an unreachable or starting server with exponential backoff until timeoutMs has
 * passed; a refused login or a missing database fails at once. Every failure is a one-line StartupError.
 */
export async function connectPostgres(
	databaseUrl: string,
	{ target, timeoutMs, logger }: ConnectOptions,
): Promise<pg.Client> {
	const deadline = Date.now() + timeoutMs
	for (let attempt = 1; ; attempt++) {
		const attemptTimeout = Math.min(ATTEMPT_TIMEOUT_MS, Math.max(deadline - Date.now(), 1_000))
		const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: attemptTimeout })
		// A connection lost later also fails the query in flight; unheard, the event would end the process.
		client.on('error', () => {})
		const started = Date.now()
		try {
			await client.connect()
			return client
		} catch (error) {
			if (!isTransient(error)) throw refusal(error, target)
			// pg reports its own connect timeout as a closed connection.
			const timedOut = Date.now() - started >= attemptTimeout && /^Connection terminated/.test(reasonOf(error))
			const reason = timedOut ? `no answer within ${Math.round(attemptTimeout / 1000)} s` : reasonOf(error)
			const remaining = deadline - Date.now()
			if (remaining <= 0) {
				throw new StartupError(
					'database-unreachable',
					`${describeTarget(target)} did not answer for ${Math.round(timeoutMs / 1000)} s: ${reason}. Check DATABASE_URL and that the server is running.`,
					{ cause: error },
				)
			}
			const retryInMs = Math.min(FIRST_WAIT_MS * 2 ** (attempt - 1), LONGEST_WAIT_MS, remaining)
			logger?.warn({ ...target, attempt, reason, retryInMs }, 'PostgreSQL not reachable; will retry')
			await sleep(retryInMs)
		}
	}
}
