import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { Database } from './client.server.ts'
import { readinessChecks } from './schema.ts'
import { errnoCode, probeFolder, reasonOf, sqlState } from './startup-error.server.ts'

export type WritableCheck =
	| { ok: true }
	| { ok: false; reason: 'read-only' | 'disk full' | 'unavailable' | 'error'; detail: string }

/** A readiness probe must answer even when the database hangs; past this it counts as unavailable. */
const CHECK_TIMEOUT_MS = 5_000

/** A server shutting down, restarting or out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])

function reasonFor(error: unknown): Exclude<WritableCheck, { ok: true }>['reason'] {
	const code = errnoCode(error)
	const state = sqlState(error)
	if (code === 'ENOSPC' || code === 'EDQUOT' || state === '53100') return 'disk full'
	if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || state === '25006') return 'read-only'
	if (state) return UNAVAILABLE_STATES.has(state) ? 'unavailable' : 'error'
	return 'unavailable'
}

/**
 * Writes one row and commits it (PostgreSQL flushes the commit to its log, so a full or read-only server fails);
 * with a folder, first writes and removes a small file there, which a full or read-only disk refuses at once.
 */
export async function checkWritable(db: Database, folder?: string): Promise<WritableCheck> {
	const abort = new AbortController()
	const write = async () => {
		if (folder) await probeFolder(folder)
		await db
			.insert(readinessChecks)
			.values({ instance: os.hostname(), checked_at: sql`now()` })
			.onConflictDoUpdate({ target: readinessChecks.instance, set: { checked_at: sql`excluded.checked_at` } })
	}
	const timeout = sleep(CHECK_TIMEOUT_MS, undefined, { signal: abort.signal }).then(() => {
		throw new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)
	})
	try {
		await Promise.race([write(), timeout])
		return { ok: true }
	} catch (error) {
		return { ok: false, reason: reasonFor(error), detail: reasonOf(error) }
	} finally {
		abort.abort()
	}
}
