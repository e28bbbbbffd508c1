// `npm run bench:start`: seconds from process start to `/healthz` 200 on PostgreSQL and on an existing embedded
// database, the release's compiled server side by side with the sources run through tsx (how it started before).
import fs from 'node:fs'
import path from 'node:path'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'
import { spawnServer, tempDir } from '#tests/support/production-server.ts'
import { buildIfStale } from './build.ts'

const runs = Number(process.env.BENCH_RUNS || 5)
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
const buildDir = process.env.BUILD_DIR || 'build'
/** The budgets on an idle machine. */
const budgetSeconds = { PostgreSQL: 3, PGlite: 5 }

type Location = { dataDir: string } | { databaseUrl: string }
type Way = 'release (node)' | 'sources (tsx)'

/** Starts the server, polls `/healthz` every 20 ms until it answers 200, stops it; the seconds from spawn to 200. */
async function secondsToHealthy(location: Location, way: Way) {
	const started = performance.now()
	const server = spawnServer({
		buildDir,
		fromSources: way === 'sources (tsx)',
		env: { PORT: '0', LOG_LEVEL: 'info', ...('databaseUrl' in location ? { DATABASE_URL: location.databaseUrl } : {}) },
		dataDir: 'dataDir' in location ? location.dataDir : undefined,
	})
	try {
		for (;;) {
			if (server.child.exitCode !== null)
				throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`)
			const port = /"port":(\d+)/.exec(server.output())?.[1]
			if (port) {
				const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined)
				if (answer?.status === 200) return (performance.now() - started) / 1000
			}
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
	} finally {
		server.child.kill('SIGTERM')
		const code = await server.exited
		if (code !== 0) console.warn(`server exited with ${code} after SIGTERM`)
	}
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

process.env.NODE_ENV = 'production'
await buildIfStale()

async function bench(database: 'PostgreSQL' | 'PGlite', location: Location) {
	// The first start creates and migrates the database; the figures are of a database that exists.
	await secondsToHealthy(location, 'release (node)')
	const figures: Record<Way, number[]> = { 'release (node)': [], 'sources (tsx)': [] }
	for (let run = 0; run < runs; run++) {
		for (const way of Object.keys(figures) as Way[]) figures[way].push(await secondsToHealthy(location, way))
	}
	return (Object.keys(figures) as Way[]).map((way) => ({
		database,
		way,
		'median s': median(figures[way]).toFixed(2),
		'max s': Math.max(...figures[way]).toFixed(2),
		budget: way === 'release (node)' ? `< ${budgetSeconds[database]} s` : '',
		over: way === 'release (node)' && median(figures[way]) >= budgetSeconds[database] ? 'OVER' : '',
	}))
}

const rows = []
if (adminUrl) {
	const database = await createPostgresDatabase(adminUrl, 'site_bench_start')
	try {
		rows.push(...(await bench('PostgreSQL', { databaseUrl: database.databaseUrl })))
	} finally {
		await database.drop()
	}
} else {
	console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin URL to include it).')
}
const parent = tempDir('site-bench-start-')
try {
	rows.push(...(await bench('PGlite', { dataDir: path.join(parent, 'data') })))
} finally {
	fs.rmSync(parent, { recursive: true, force: true })
}
console.log(`Start to /healthz 200, ${runs} runs each, alternating:`)
console.table(rows)
process.exitCode = rows.some((row) => row.over) ? 1 : 0
