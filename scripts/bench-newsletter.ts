// `npm run bench:newsletter`: how long a send to 100,000 confirmed subscribers takes to queue, and to deliver to a
// local SMTP sink, on each database; delivery is first paced at a set rate (to show the rate holds) and then
// unpaced (to show what the site itself can do, so that the configured rate is the bound).
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { SMTPServer } from 'smtp-server'
import { selectRows } from '#app/db/client.server.ts'
import { blogPosts, operators } from '#app/db/schema.ts'
import { queueSend, startSend } from '#app/features/newsletter/sends.server.ts'
import { deliverDueNotifications } from '#app/features/notifications/outbox.server.ts'
import { loadConfig } from '#app/features/site/config.server.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { onFreshDatabases } from './lib/latency.ts'

const recipients = Number(process.env.BENCH_RECIPIENTS || 100_000)
const pacedPerMinute = 6_000
const pacedSeconds = 10
const queueBudgetSeconds = 60

/** An SMTP server that accepts everything and keeps only a count. */
async function smtpSink() {
	let received = 0
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, _session, callback) {
			stream.on('data', () => {})
			stream.on('end', () => {
				received++
				callback()
			})
		},
	})
	server.on('error', () => {})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		received: () => received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

const sink = await smtpSink()
const config = (perMinute: number) =>
	loadConfig({
		SITE_URL: 'https://www.example.com',
		DATA_DIR: tempDir('bench-newsletter-'),
		SMTP_URL: sink.url,
		UNSUBSCRIBE_SECRET: 'b'.repeat(32),
		NEWSLETTER_RATE_PER_MINUTE: String(perMinute),
	})
const logger = pino({ level: 'silent' })

try {
	const figures = await onFreshDatabases(
		'bench_newsletter',
		process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
		async (database, handle) => {
			const db = handle.db
			const [operator] = await db
				.insert(operators)
				.values({ email: 'bench@example.com', display_name: 'Bench', password_hash: 'not-a-hash' })
				.returning({ id: operators.id })
			const [post] = await db
				.insert(blogPosts)
				.values({ title: 'A benchmark issue', seo_slug: 'a-benchmark-issue', content: 'Words for everyone.' })
				.returning()
			if (!post) throw new Error('no post')
			await db.execute(
				sql`INSERT INTO newsletter_subscribers (email, status, confirmed_at)
					SELECT 'reader' || n || '@example.com', 'active', now() FROM generate_series(1, ${recipients}) AS n`,
			)

			const queueStarted = performance.now()
			const started = await startSend(db, config(pacedPerMinute), post, {
				by: operator?.id ?? 0,
				clientAddress: '203.0.113.1',
			})
			if (started.outcome !== 'started') throw new Error(started.outcome)
			await queueSend(db, started.id)
			const queueSeconds = (performance.now() - queueStarted) / 1000

			const delivered = async () => {
				const [row] = await selectRows<{ count: number | string }>(
					db,
					sql`SELECT count(*) AS count FROM notifications WHERE send_id = ${started.id} AND status = 'delivered'`,
				)
				return Number(row?.count ?? 0)
			}
			// Paced: the worker's loop (a round, then a second's wait when nothing was due) for a few seconds.
			const paced = { db, config: config(pacedPerMinute), logger }
			const pacedStart = performance.now()
			while (performance.now() - pacedStart < pacedSeconds * 1000) {
				if ((await deliverDueNotifications(paced)) === 0) await new Promise((resolve) => setTimeout(resolve, 100))
			}
			const pacedSent = await delivered()
			const pacedRate = (pacedSent / ((performance.now() - pacedStart) / 1000)) * 60

			const open = { db, config: config(1_000_000), logger }
			const deliverStart = performance.now()
			while ((await deliverDueNotifications(open)) > 0) {}
			const deliverSeconds = (performance.now() - deliverStart) / 1000
			const sent = (await delivered()) - pacedSent
			return [
				{
					database,
					recipients,
					'queue s': queueSeconds.toFixed(1),
					[`paced at ${pacedPerMinute}/min: sent/min`]: Math.round(pacedRate),
					'unpaced deliver s': deliverSeconds.toFixed(1),
					'unpaced emails/min': Math.round((sent / deliverSeconds) * 60),
					'all delivered': (await delivered()) === recipients ? 'yes' : 'NO',
					over: queueSeconds >= queueBudgetSeconds ? 'OVER' : '',
				},
			]
		},
	)
	console.table(figures)
	console.log(
		`Queueing budget: under ${queueBudgetSeconds} s. At the default NEWSLETTER_RATE_PER_MINUTE (600), ${recipients.toLocaleString('en-US')} recipients take ${Math.ceil(recipients / 600)} minutes: the rate, not the site, is the bound while the unpaced figure is above it.`,
	)
	if (figures.some((row) => row.over || row['all delivered'] !== 'yes')) process.exitCode = 1
} finally {
	await sink.close()
}
