import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshRollups } from '#app/features/insights/rollups.server.ts'
import { sendContactMessage } from '#app/features/leads/leads.server.ts'
import { databaseDrivers, type TestDatabase } from '#tests/support/databases.ts'
import { answerOf, formPost, submissionContext } from '#tests/support/lead-requests.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { controlSocketPath, startControlSocket } from '../../server/control-socket.ts'
import { BackupError, backupEnd, restoreBackup, writeBackup } from './backup.server.ts'
import { selectRows } from './client.server.ts'

/** A row of every kind the site keeps: an operator and a passkey, a post and its revision, an image's bytes, rollups. */
async function seed(database: TestDatabase) {
	const db = database.db
	await db.execute(
		sql`INSERT INTO operators (email, display_name, password_hash) VALUES ('ada@example.com', 'Ada', 'hash')`,
	)
	await db.execute(
		sql`INSERT INTO passkeys (id, operator_id, public_key, name) SELECT 'credential', id, 'key', 'Laptop' FROM operators`,
	)
	await db.execute(sql`INSERT INTO blog_posts (title, seo_slug, published_at, content, categories, tags, author)
		VALUES ('Parked', 'parked', '2026-01-02T03:04:05.123456Z', 'Body with "quotes", a tab\tand a line\nbreak',
			'["Guides", {"name": "SEO"}]', '["parking"]', '{"name": "Ana", "image": null}')`)
	await db.execute(
		sql`INSERT INTO post_revisions (post_id, snapshot, reason) SELECT id, '{"title": "Before"}', 'import' FROM blog_posts`,
	)
	await db.execute(sql`INSERT INTO media (sha256, content_type, width, height, byte_size, bytes)
		VALUES ('abc', 'image/png', 1, 1, 4, '\\x00ff10e2'::bytea)`)
	await db.execute(sql`INSERT INTO media_variants (media_id, format, width, height, sha256, content_type, bytes)
		SELECT id, 'webp', 1, 1, 'def', 'image/webp', '\\x0102'::bytea FROM media`)
	// More than one INSERT's worth of rows, days ago so the rollups hold them.
	await db.execute(sql`INSERT INTO analytics_events (name, path, visitor_hash, created_at, utm_campaign)
		SELECT 'page_view', '/p/' || (i % 7), 'v' || (i % 50), now() - interval '3 days' - i * interval '1 second', 'launch'
		FROM generate_series(1, 1234) AS i`)
	await refreshRollups(db)
	// insights_daily_sources has no key: two rows alike but for their counts.
	await db.execute(sql`INSERT INTO insights_daily_sources (day, visitors, page_views, viewing_visitors, dialog_visitors,
		applying_visitors, lead_visitors) VALUES ('2020-01-01', 1, 1, 1, 0, 0, 0), ('2020-01-01', 2, 2, 2, 0, 0, 0)`)
}

/** Visitors sending the contact form without pause: each lead is a row and its chat message, in one transaction. */
function formTraffic(database: TestDatabase, visitors = 4) {
	const context = submissionContext(database, { RATE_LIMIT_MAX: '1000000' })
	const committed: string[] = []
	let stopped = false
	const runs = Array.from({ length: visitors }, async (_, visitor) => {
		for (let n = 0; !stopped; n++) {
			const email = `visitor${visitor}.${n}@example.com`
			const fields = { name: `Visitor ${visitor}`, email, subject: 'Hello', message: `Message ${n}` }
			const answer = answerOf(await sendContactMessage(formPost('/contact', fields), context))
			if (answer.status !== 200) throw new Error(`a submission answered ${answer.status}`)
			committed.push(email)
			// Requests arrive as I/O events: PGlite answers without one, which would starve every timer.
			await setImmediate()
		}
	})
	return {
		committed,
		stop: async () => {
			stopped = true
			await Promise.all(runs)
		},
	}
}

/** A file written slowly, as a distant reader takes a download: the backup takes long enough for forms to come in. */
function slowFile(file: string) {
	const out = fs.createWriteStream(file)
	return new Writable({
		write(chunk, _encoding, done) {
			void sleep(25).then(() => out.write(chunk, done))
		},
		final(done) {
			out.end(done)
		},
	})
}

/** The backup's rows as written: everything but its header line, which carries the time it was made. */
const rowsOf = (file: string) => fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(1)

function parsedRows(file: string, table: string) {
	return rowsOf(file)
		.map((line) => JSON.parse(line) as { t?: string; r?: Record<string, unknown> })
		.filter((line) => line.t === table)
		.map((line) => line.r ?? {})
}

async function backupTo(database: TestDatabase, file: string) {
	const out = fs.createWriteStream(file)
	await writeBackup(database.db, out)
	await new Promise((resolve) => out.end(resolve))
}

const count = async (database: TestDatabase, table: string) =>
	Number((await selectRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))[0]?.n)

describe.each(databaseDrivers())('backups on $name', (driver) => {
	let source: TestDatabase
	let backup: string
	const created: TestDatabase[] = []
	const fresh = async () => {
		const database = await driver.create()
		created.push(database)
		return database
	}

	beforeAll(async () => {
		source = await fresh()
		await seed(source)
		backup = path.join(tempDir('backup-'), 'site.ndjson')
	})
	afterAll(async () => {
		await Promise.all(created.map((database) => database.dispose()))
	})

	it('taken while forms come in, holds every lead committed before it began, each notification with its lead', {
		timeout: 120_000,
	}, async () => {
		const traffic = formTraffic(source)
		while (traffic.committed.length < 40) await sleep(10)
		const before = [...traffic.committed]
		if (driver.name === 'pglite') {
			// The embedded database is asked through the running server's control socket, as `npm run db:backup` does.
			const { dataDir } = source.location as { dataDir: string }
			const socket = await startControlSocket({ dataDir, db: source.db, logger: pino({ level: 'silent' }) })
			try {
				await new Promise<void>((resolve, reject) => {
					http
						.get({ socketPath: controlSocketPath(dataDir), path: '/backup' }, (response) => {
							pipeline(response, slowFile(backup)).then(resolve, reject)
						})
						.on('error', reject)
				})
			} finally {
				await socket.close()
			}
		} else {
			await writeBackup(
				source.db,
				slowFile(backup).on('error', () => {}),
			)
		}
		const during = traffic.committed.length - before.length
		await traffic.stop()
		expect(fs.readFileSync(backup, 'utf8').trimEnd().split('\n').at(-1)).toMatch(/^\{"end":true,/)

		const leads = parsedRows(backup, 'contact_messages')
		const emails = new Set(leads.map((lead) => lead.email))
		expect(before.filter((email) => !emails.has(email))).toEqual([])
		const ids = new Set(leads.map((lead) => lead.id))
		const notifications = parsedRows(backup, 'notifications')
		expect(notifications.length).toBeGreaterThanOrEqual(before.length)
		expect(notifications.filter((message) => !ids.has(message.lead_id))).toEqual([])
		// The forms went on while the backup was read (on the embedded database they waited for it).
		expect(traffic.committed.length).toBeGreaterThan(before.length)
		console.log(`${driver.name}: ${leads.length} leads in the backup, ${during} committed while it was taken`)
	})

	it('restores into an empty database the same rows, ids going on after them, and refuses a database with rows', {
		timeout: 60_000,
	}, async () => {
		const target = await fresh()
		const summary = await restoreBackup(target.db, fs.createReadStream(backup))
		expect(summary).toEqual(backupEnd(rowsOf(backup).at(-1) ?? ''))
		expect(summary.tables.analytics_events).toBeGreaterThan(1234)
		const again = path.join(tempDir('backup-'), 'again.ndjson')
		await backupTo(target, again)
		expect(rowsOf(again)).toEqual(rowsOf(backup))
		// Generated columns are computed again, and new rows get ids after the restored ones.
		const [post] = await selectRows<{ category_names: string[] }>(target.db, sql`SELECT category_names FROM blog_posts`)
		expect(post?.category_names).toEqual(['Guides', 'SEO'])
		const [next] = await selectRows<{ id: string }>(
			target.db,
			sql`INSERT INTO contact_messages (name, email, subject, message) VALUES ('B', 'b@example.com', 'S', 'M') RETURNING id`,
		)
		// Ids in the backup can have gaps: a lead whose id came first may commit after the backup's snapshot.
		const lastId = Math.max(...parsedRows(backup, 'contact_messages').map((lead) => Number(lead.id)))
		expect(Number(next?.id)).toBe(lastId + 1)

		const leads = await count(target, 'contact_messages')
		await expect(restoreBackup(target.db, fs.createReadStream(backup))).rejects.toThrow(
			new BackupError('operators already holds rows: restore into an empty database'),
		)
		expect(await count(target, 'contact_messages')).toBe(leads)
	})

	it('refuses a backup cut short and restores none of it', async () => {
		const target = await fresh()
		const cut = path.join(tempDir('backup-'), 'cut.ndjson')
		const lines = fs.readFileSync(backup, 'utf8').trimEnd().split('\n')
		fs.writeFileSync(cut, `${lines.slice(0, -1).join('\n')}\n`)
		await expect(restoreBackup(target.db, fs.createReadStream(cut))).rejects.toThrow(/cut short/)
		fs.writeFileSync(cut, lines.slice(0, 9).join('\n').slice(0, -20))
		await expect(restoreBackup(target.db, fs.createReadStream(cut))).rejects.toThrow(BackupError)
		expect(await count(target, 'operators')).toBe(0)
		expect(await count(target, 'analytics_events')).toBe(0)
	})

	it('restores the JSON file `db:export` wrote before (format 1), generated columns and all', async () => {
		const exported = {
			format: 1,
			tables: {
				operators: [
					{
						id: 7,
						email: 'ada@example.com',
						display_name: 'Ada',
						password_hash: 'hash',
						created_at: '2026-01-01T00:00:00+00:00',
					},
				],
				contact_messages: [
					{ id: 3, name: 'Linus', email: 'linus@example.com', subject: 'Hi', message: 'Hello', utm_campaign: 'launch' },
				],
				blog_posts: [
					{
						id: 5,
						title: 'Old',
						seo_slug: 'old',
						published_at: '2026-01-02T00:00:00+00:00',
						categories: ['A'],
						tags: [],
					},
				].map((post) => ({ ...post, category_names: ['stale'], tag_names: [], search: "'stale':1" })),
			},
		}
		for (const [name, text] of [
			['one line', JSON.stringify(exported)],
			['indented', JSON.stringify(exported, null, 2)],
		]) {
			const target = await fresh()
			const file = path.join(tempDir('backup-'), 'export.json')
			fs.writeFileSync(file, text ?? '')
			const summary = await restoreBackup(target.db, fs.createReadStream(file))
			expect([name, summary.tables.contact_messages, summary.tables.blog_posts]).toEqual([name, 1, 1])
			const [post] = await selectRows<{ category_names: string[] }>(
				target.db,
				sql`SELECT category_names FROM blog_posts`,
			)
			expect(post?.category_names).toEqual(['A'])
			const [lead] = await selectRows<{ id: string; status: string }>(
				target.db,
				sql`INSERT INTO contact_messages (name, email, subject, message) VALUES ('B', 'b@example.com', 'S', 'M') RETURNING id, status`,
			)
			expect([Number(lead?.id), lead?.status]).toEqual([4, 'unread'])
		}
	})
})
