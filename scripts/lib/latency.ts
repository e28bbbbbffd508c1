import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type DatabaseHandle, openDatabase } from '#app/db/client.server.ts'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'

/** p50 and p99 in ms of `run` after a few warm-ups; `run` gets the call's number, warm-ups included. */
export async function measureLatency(
	run: (call: number) => Promise<unknown>,
	{ warmUps, iterations }: { warmUps: number; iterations: number },
) {
	for (let call = 0; call < warmUps; call++) await run(call)
	const times: number[] = []
	for (let call = warmUps; call < warmUps + iterations; call++) {
		const start = performance.now()
		await run(call)
		times.push(performance.now() - start)
	}
	times.sort((a, b) => a - b)
	const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0
	return { p50: at(0.5), p99: at(0.99) }
}

/**
 * Runs `bench` on a fresh PostgreSQL database (when `adminUrl` names a server whose user may create databases) and
 * on a fresh embedded database, each removed afterwards, and returns the figures of both.
 */
export async function onFreshDatabases<T>(
	prefix: string,
	adminUrl: string | undefined,
	bench: (database: 'PostgreSQL' | 'PGlite', handle: DatabaseHandle) => Promise<T[]>,
): Promise<T[]> {
	const figures: T[] = []
	const run = async (database: 'PostgreSQL' | 'PGlite', location: Parameters<typeof openDatabase>[0]) => {
		const handle = await openDatabase(location)
		try {
			figures.push(...(await bench(database, handle)))
		} finally {
			await handle.close()
		}
	}
	if (adminUrl) {
		const database = await createPostgresDatabase(adminUrl, prefix)
		try {
			await run('PostgreSQL', { databaseUrl: database.databaseUrl })
		} finally {
			await database.drop()
		}
	} else {
		console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin URL to include it).')
	}
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`))
	try {
		await run('PGlite', { dataDir })
	} finally {
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
	return figures
}
