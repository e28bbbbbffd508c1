// Reliability drill: load, crash, dead webhook, two instances and shutdown against the production build on loopback.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { outboxDefaults } from '#app/features/notifications/outbox.server.ts'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'
import { type RunningServer, startServer, tempDir } from '#tests/support/production-server.ts'
import { startWebhookReceiver } from '#tests/support/webhook-receiver.ts'
import { buildIfStale } from './build.ts'
import { type Location, readStore, type Tally, tally, waitForDeliveries } from './lib/drill/checks.ts'
import {
	drillForms,
	fetchPage,
	nextSubmission,
	type Outcome,
	percentile,
	send,
	startLoad,
	startPageLoad,
	until,
} from './lib/drill/traffic.ts'

const submissions = Number(process.env.DRILL_SUBMISSIONS || 5000)
const outageSeconds = Number(process.env.DRILL_OUTAGE_SECONDS || 60)
const adminUrl =
	process.env.DRILL_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const clients = 50
/** Comma-separated scenario numbers to run, all when unset. */
const only = process.env.DRILL_ONLY
const rateLimitMax = 5

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>
type Result = { tally: Tally; p99?: number }
type Report = Result & { scenario: string; seconds: number; problems: string[]; notes: string[] }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sleepUntil = (time: number) => sleep(Math.max(0, time - Date.now()))

process.env.NODE_ENV = 'production'
await buildIfStale()
const buildDir = process.env.BUILD_DIR || 'build'

/** The production server on `location`, announcing to `receiver`, taking client addresses from X-Forwarded-For. */
function start(receiver: Receiver, location: Location, env: Record<string, string> = {}) {
	return startServer({
		buildDir,
		dataDir: 'dataDir' in location ? location.dataDir : undefined,
		env: {
			TRUST_PROXY: 'loopback',
			CHAT_WEBHOOK_URL: `${receiver.url}/chat`,
			NEWSLETTER_WEBHOOK_URL: `${receiver.url}/newsletter`,
			SMTP_URL: '',
			RATE_LIMIT_MAX: String(rateLimitMax),
			LOG_LEVEL: 'info',
			...('databaseUrl' in location ? { DATABASE_URL: location.databaseUrl } : {}),
			...env,
		},
	})
}

/** A fresh embedded data folder or a fresh PostgreSQL database, removed afterwards. */
async function withDatabase<T>(kind: 'pglite' | 'postgres', use: (location: Location) => Promise<T>) {
	if (kind === 'pglite') {
		const parent = tempDir('site-drill-')
		try {
			return await use({ dataDir: path.join(parent, 'data') })
		} finally {
			fs.rmSync(parent, { recursive: true, force: true })
		}
	}
	const { databaseUrl, drop } = await createPostgresDatabase(adminUrl, 'site_drill')
	try {
		return await use({ databaseUrl })
	} finally {
		await drop()
	}
}

/** A prerendered page, a cached article, an asset, a console page, the blog list: the kinds of GET the site answers. */
async function pagesOfEveryKind(url: string) {
	const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(await (await fetch(`${url}/blog`)).text())?.[1]
	const asset = /(\/assets\/[\w.-]+\.(?:js|css))/.exec(await (await fetch(url)).text())?.[1]
	if (!article || !asset) throw new Error('no article or asset found to load during the drill')
	// Asked once so the next answers come from the cache of rendered articles.
	await fetch(`${url}${article}`)
	return ['/pricing', article, asset, '/admin/sign-in', '/blog']
}

async function stopped(server: RunningServer, problems: string[], name = 'server') {
	const code = await server.stop('SIGTERM')
	if (code !== 0) problems.push(`${name} exited with ${code} after SIGTERM`)
}

function unanswered(outcomes: Outcome[]) {
	return outcomes.filter((o) => o.status === undefined).length
}

/** Log lines of the server as objects (pino writes one JSON object a line). */
function logLines(output: string) {
	return output.split('\n').flatMap((line) => {
		try {
			return [JSON.parse(line) as Record<string, unknown>]
		} catch {
			return []
		}
	})
}

const reports: Report[] = []

async function scenario(name: string, run: (problems: string[], notes: string[]) => Promise<Result>) {
	if (only && !only.split(',').some((number) => name.startsWith(`${number.trim()}.`))) return
	console.log(`\n> ${name}`)
	const started = Date.now()
	const problems: string[] = []
	const notes: string[] = []
	let result: Result | undefined
	try {
		result = await run(problems, notes)
		problems.push(...result.tally.lost.slice(0, 5))
		if (result.tally.lost.length > 5) problems.push(`… and ${result.tally.lost.length - 5} more lost`)
		if (result.tally.acknowledged === 0) problems.push('nothing was acknowledged')
		if (result.tally.duplicates > 0) problems.push(`${result.tally.duplicates} duplicates`)
		if (result.tally.serverErrors > 0) problems.push(`${result.tally.serverErrors} answers with 5xx`)
	} catch (error) {
		problems.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))
	}
	const report: Report = {
		scenario: name,
		seconds: (Date.now() - started) / 1000,
		problems,
		notes,
		tally: result?.tally ?? {
			sent: 0,
			acknowledged: 0,
			rowsFound: 0,
			delivered: 0,
			duplicates: 0,
			redelivered: 0,
			serverErrors: 0,
			lost: [],
		},
		p99: result?.p99,
	}
	reports.push(report)
	for (const note of notes) console.log(`  ${note}`)
	for (const problem of problems) console.log(`  PROBLEM: ${problem}`)
}

async function withReceiver<T>(use: (receiver: Receiver) => Promise<T>) {
	const receiver = await startWebhookReceiver()
	try {
		return await use(receiver)
	} finally {
		await receiver.close()
	}
}

await scenario(`1. Load: ${clients} clients, ${submissions} submissions (embedded)`, (problems, notes) =>
	withReceiver((receiver) =>
		withDatabase('pglite', async (location) => {
			const server = await start(receiver, location)
			const began = performance.now()
			const outcomes = await startLoad({ count: submissions, clients, target: () => server.url }).done
			const seconds = (performance.now() - began) / 1000
			const refused = outcomes.filter((o) => o.status !== undefined && (o.status < 200 || o.status >= 300)).length
			if (refused) problems.push(`${refused} answers other than 2xx`)
			if (unanswered(outcomes)) problems.push(`${unanswered(outcomes)} requests without an answer`)
			await waitForDeliveries(outcomes, receiver.received, { timeoutMs: 120_000 })
			await stopped(server, problems)
			const p99 = percentile(outcomes, 99)
			notes.push(
				`${Math.round(outcomes.length / seconds)} submissions/s; p50 ${percentile(outcomes, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
			)
			return { tally: tally(outcomes, await readStore(location), receiver.received), p99 }
		}),
	),
)

for (const kind of ['pglite', 'postgres'] as const) {
	const label = kind === 'pglite' ? 'embedded' : 'PostgreSQL'
	const count = Math.min(2000, submissions)
	const killAfter = Math.round(count / 4)
	await scenario(`2. Crash: kill -9 during load, restart (${label})`, (problems, notes) =>
		withReceiver((receiver) =>
			withDatabase(kind, async (location) => {
				const first = await start(receiver, location)
				const load = startLoad({ count, clients, target: () => first.url })
				await until(() => load.acknowledged() >= killAfter, 120_000, 2)
				await first.stop('SIGKILL')
				const killedAt = Date.now()
				load.stop()
				const outcomes = await load.done
				notes.push(
					`killed after ${load.acknowledged()} acknowledged; ${unanswered(outcomes)} requests cut off without an answer`,
				)
				const second = await start(receiver, location)
				const health = await fetch(`${second.url}/healthz`)
				if (health.status !== 200) problems.push(`/healthz answered ${health.status} after the restart`)
				// A message claimed when the process died waits for its lease to run out, then goes again.
				await waitForDeliveries(outcomes, receiver.received, {
					timeoutMs: outboxDefaults.leaseMs + 120_000,
					notBefore: killedAt + outboxDefaults.leaseMs + 5_000,
				})
				await stopped(second, problems)
				const result = tally(outcomes, await readStore(location), receiver.received)
				notes.push(`${result.redelivered} deliveries repeated with the same Idempotency-Key (claimed when killed)`)
				return { tally: result }
			}),
		),
	)
}

await scenario(
	`3. Dead webhook: 500, then no answer, ${outageSeconds} s in all, restart in between`,
	(problems, notes) =>
		withReceiver((receiver) =>
			withDatabase('pglite', async (location) => {
				receiver.setStatus(500)
				const outageStart = Date.now()
				let server = await start(receiver, location)
				const before = await startLoad({ count: 200, clients: 20, target: () => server.url }).done
				await sleepUntil(outageStart + outageSeconds * 500)
				receiver.setStatus('no-answer')
				await sleepUntil(outageStart + outageSeconds * 750)
				await stopped(server, problems, 'server (restart during the outage)')
				let output = server.output()
				server = await start(receiver, location)
				const after = await startLoad({ count: 50, clients: 10, target: () => server.url }).done
				await sleepUntil(outageStart + outageSeconds * 1000)
				receiver.setStatus(200)
				const recoveredAt = Date.now()
				const outcomes = [...before, ...after]
				const complete = await waitForDeliveries(outcomes, receiver.received, { timeoutMs: 300_000 })
				if (complete)
					notes.push(`all delivered ${((Date.now() - 3_000 - recoveredAt) / 1000).toFixed(0)} s after recovery`)
				await stopped(server, problems)
				output += server.output()
				const retries = logLines(output).filter((line) => line.msg === 'notification delivery failed; will retry')
				const byAttempt = new Map<number, number[]>()
				for (const line of retries) {
					const attempt = Number(line.attempt)
					byAttempt.set(attempt, [...(byAttempt.get(attempt) ?? []), Number(line.retryInMs)])
				}
				const backoff = [...byAttempt.entries()]
					.sort(([a], [b]) => a - b)
					.map(([attempt, delays]) => ({ attempt, ms: delays.reduce((sum, ms) => sum + ms, 0) / delays.length }))
				notes.push(
					`${retries.length} retries logged, ${receiver.attempts()} requests reached the receiver; mean backoff after attempt ${backoff.map(({ attempt, ms }) => `${attempt}: ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
				)
				const grows = backoff.length >= 2 && backoff.every(({ ms }, i) => i === 0 || ms > (backoff[i - 1]?.ms ?? 0))
				if (!grows) problems.push('no growing backoff in the log')
				return { tally: tally(outcomes, await readStore(location), receiver.received) }
			}),
		),
)

await scenario('4. Two instances on one PostgreSQL', (problems, notes) =>
	withReceiver((receiver) =>
		withDatabase('postgres', async (location) => {
			const a = await start(receiver, location)
			const b = await start(receiver, location)
			try {
				const outcomes = await startLoad({
					count: Math.min(1000, submissions),
					clients,
					target: (n) => (n % 2 ? b.url : a.url),
				}).done
				const limited: Outcome[] = []
				const one = { address: '192.0.2.77', form: drillForms[2] }
				for (let i = 0; i < rateLimitMax * 2; i++) limited.push(await send(i % 2 ? b.url : a.url, nextSubmission(one)))
				const allowed = limited.filter((o) => o.status === 200).length
				const refused = limited.filter((o) => o.status === 429).length
				notes.push(
					`one address posting ${one.form.path}, alternating instances: ${allowed} accepted, ${refused} refused with 429 (limit ${rateLimitMax})`,
				)
				if (allowed !== rateLimitMax || refused !== rateLimitMax) problems.push('the rate limit is not shared')
				const all = [...outcomes, ...limited]
				await waitForDeliveries(all, receiver.received, { timeoutMs: 120_000 })
				const deliveredBy = (server: RunningServer) =>
					logLines(server.output()).filter((line) => line.msg === 'notification delivered').length
				notes.push(`deliveries: instance A ${deliveredBy(a)}, instance B ${deliveredBy(b)}`)
				await stopped(a, problems, 'instance A')
				await stopped(b, problems, 'instance B')
				const result = tally(all, await readStore(location), receiver.received)
				if (result.redelivered > 0) problems.push(`${result.redelivered} notifications delivered twice`)
				return { tally: result, p99: percentile(outcomes, 99) }
			} finally {
				await a.stop()
				await b.stop()
			}
		}),
	),
)

await scenario('6. Shutdown: SIGTERM during form posts and page loads of every kind (embedded)', (problems, notes) =>
	withReceiver((receiver) =>
		withDatabase('pglite', async (location) => {
			const first = await start(receiver, location)
			const pages = await pagesOfEveryKind(first.url)
			const load = startLoad({ count: Math.min(3000, submissions), clients, target: () => first.url })
			const reading = startPageLoad({ clients: 10, target: first.url, paths: pages })
			await until(() => load.acknowledged() >= Math.min(500, submissions / 4), 120_000, 2)
			const signalAt = performance.now()
			const exited = first.stop('SIGTERM')
			// Right after the signal: a prerendered page and a cached article, as a visitor arriving then would ask.
			const afterSignal = Promise.all(pages.slice(0, 2).map((page) => fetchPage(first.url, page)))
			load.stop()
			reading.stop()
			const code = await exited
			if (code !== 0) problems.push(`exit code ${code} after SIGTERM`)
			const outcomes = await load.done
			const reads = [...(await reading.done), ...(await afterSignal)]
			const inFlight = outcomes.filter((o) => o.startedAt < signalAt && o.endedAt > signalAt)
			const cut = inFlight.filter((o) => o.status === undefined)
			const readsInFlight = reads.filter((o) => o.startedAt < signalAt + 100 && o.endedAt > signalAt)
			const readsCut = readsInFlight.filter((o) => !o.complete || o.status === undefined)
			notes.push(
				`exit code ${code}; ${inFlight.length} posts and ${readsInFlight.length} page loads in flight at SIGTERM, ` +
					`${inFlight.length - cut.length} and ${readsInFlight.length - readsCut.length} answered in full`,
			)
			if (cut.length) problems.push(`${cut.length} in-flight posts cut off: ${cut[0]?.error}`)
			if (readsCut.length) problems.push(`${readsCut.length} page loads cut off, the first of ${readsCut[0]?.path}`)
			const second = await start(receiver, location)
			await waitForDeliveries(outcomes, receiver.received, { timeoutMs: 120_000 })
			await stopped(second, problems)
			return { tally: tally(outcomes, await readStore(location), receiver.received) }
		}),
	),
)

const header =
	'| scenario | sent | acknowledged | rows found | notifications delivered | duplicates | 5xx answers | p99 | time | result |'
const table = [
	header,
	'| --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |',
	...reports.map(({ scenario: name, tally: t, p99, seconds, problems }) =>
		[
			'',
			name,
			t.sent,
			t.acknowledged,
			t.rowsFound,
			t.delivered,
			t.duplicates,
			t.serverErrors,
			p99 === undefined ? '' : `${p99.toFixed(0)} ms`,
			`${seconds.toFixed(0)} s`,
			problems.length ? 'FAIL' : 'ok',
			'',
		]
			.join(' | ')
			.trim(),
	),
]
console.log(
	`\nReliability drill, ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} CPUs, loopback`,
)
console.log('5. Hostile input runs in `npm test` (tests/e2e/hostile-input.spec.ts).\n')
console.log(table.join('\n'))
const failed = reports.filter((r) => r.problems.length)
for (const report of failed) console.log(`\n${report.scenario}:\n  ${report.problems.join('\n  ')}`)
process.exitCode = failed.length ? 1 : 0
