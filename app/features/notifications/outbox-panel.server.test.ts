import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { notifications, operators } from '#app/db/schema.ts'
import { listAudit } from '#app/features/operators/audit.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { startWebhookReceiver } from '#tests/support/webhook-receiver.ts'
import { deliverDueNotifications, enqueueNotification } from './outbox.server.ts'
import { anyFailed, listUndelivered, retryAllFailed, retryNotification, summarizeText } from './outbox-panel.server.ts'
import { generateWebhookSecret } from './webhook-signature.server.ts'

const silent = pino({ level: 'silent' })
const config = {
	BRAND_NAME: 'Test',
	CONTACT_EMAIL: 'team@example.com',
	WEBHOOK_SECRET: generateWebhookSecret(),
	DATA_DIR: tempDir('outbox-panel-'),
	SITE_URL: 'https://www.example.com',
	INDEXNOW_ENDPOINT: 'http://127.0.0.1:9/indexnow',
}

describe('outbox summaries', () => {
	it('puts a chat text on one line, unescaped, cut to about 120 characters', () => {
		expect(summarizeText('*New lead*\n*Name:* Zoë &lt;b&gt; &amp; co')).toBe('*New lead* *Name:* Zoë <b> & co')
		const long = summarizeText('é'.repeat(300))
		expect(Array.from(long)).toHaveLength(120)
		expect(long.endsWith('…')).toBe(true)
		expect(summarizeText('x'.repeat(120))).toBe('x'.repeat(120))
	})
})

describe.each(databaseDrivers())('the outbox panel on $name', (driver) => {
	const database = withTestDatabase(driver)
	let by: number
	const who = () => ({ by, clientAddress: '203.0.113.7' })

	beforeAll(async () => {
		const [operator] = await database.db
			.insert(operators)
			.values({ email: 'ada@example.com', display_name: 'Ada', password_hash: 'not-a-hash' })
			.returning({ id: operators.id })
		by = operator?.id ?? 0
	})
	beforeEach(async () => {
		await database.db.delete(notifications)
	})

	/** Writes messages and gives each the status asked for; returns their ids in order. */
	async function messages(...statuses: string[]) {
		const ids: number[] = []
		for (const [n, status] of statuses.entries()) {
			await enqueueNotification(database.db, 'chat', { text: `message ${n}` })
			const [row] = await database.db
				.select({ id: notifications.id })
				.from(notifications)
				.orderBy(notifications.id)
				.offset(n)
			if (!row) throw new Error('no row')
			await database.db
				.update(notifications)
				.set({
					status,
					attempts: status === 'pending' ? 0 : 1,
					last_error: status === 'failed' ? 'HTTP 400' : null,
					delivered_at: status === 'delivered' ? new Date() : null,
				})
				.where(eq(notifications.id, row.id))
			ids.push(row.id)
		}
		return ids
	}

	const statusOf = async (id: number) =>
		(await database.db.select().from(notifications).where(eq(notifications.id, id)))[0]

	it('lists only undelivered messages, newest first, a page at a time', async () => {
		const [pending, delivered, failed, skipped, secondDelivered, newest] = await messages(
			'pending',
			'delivered',
			'failed',
			'skipped',
			'delivered',
			'failed',
		)
		await database.db
			.update(notifications)
			.set({ lead_kind: 'contact', lead_id: 7 })
			.where(eq(notifications.id, newest ?? 0))
		const all = await listUndelivered(database.db, { limit: 50 })
		expect(all.entries[0]?.leadPath).toBe('/admin/inbox/contact/7')
		expect(all.more).toBe(false)
		expect(all.entries.map((e) => e.id)).toEqual([newest, skipped, failed, pending])
		expect(all.entries.map((e) => e.id)).not.toContain(delivered)
		expect(all.entries.map((e) => e.id)).not.toContain(secondDelivered)
		expect(all.entries.find((e) => e.id === failed)).toMatchObject({
			channel: 'chat',
			status: 'failed',
			attempts: 1,
			lastError: 'HTTP 400',
			nextAttemptAt: null,
			summary: 'message 2',
			leadPath: null,
		})
		expect(all.entries.find((e) => e.id === pending)?.nextAttemptAt).toBeInstanceOf(Date)

		const first = await listUndelivered(database.db, { limit: 2 })
		expect([first.entries.map((e) => e.id), first.more]).toEqual([[newest, skipped], true])
		const second = await listUndelivered(database.db, { limit: 2, before: first.entries.at(-1)?.id })
		expect([second.entries.map((e) => e.id), second.more]).toEqual([[failed, pending], false])
	})

	it('summarizes an email by its subject and recipient', async () => {
		await enqueueNotification(database.db, 'email', {
			to: 'zoe@example.com',
			subject: 'Confirm your subscription',
			text: 'Click the link',
		})
		const [entry] = (await listUndelivered(database.db, { limit: 50 })).entries
		expect(entry?.summary).toBe('Confirm your subscription (to zoe@example.com)')
	})

	it('retries a failed message: due now, attempts kept, then delivered by the worker; audited', async () => {
		const receiver = await startWebhookReceiver()
		const options = { db: database.db, logger: silent, config: { ...config, CHAT_WEBHOOK_URL: receiver.url } }
		try {
			receiver.setStatus(400)
			await enqueueNotification(database.db, 'chat', { text: 'a lead' })
			await deliverDueNotifications(options)
			const [failed] = await database.db.select().from(notifications)
			expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_error: 'HTTP 400' })
			const id = failed?.id ?? 0
			expect(await anyFailed(database.db)).toBe(true)

			expect(await retryNotification(database.db, id, who())).toBe('retried')
			const retried = await statusOf(id)
			expect(retried).toMatchObject({ status: 'pending', attempts: 1 })
			expect(retried?.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
			expect(await anyFailed(database.db)).toBe(false)

			receiver.setStatus(200)
			expect(await deliverDueNotifications(options)).toBe(1)
			expect(await statusOf(id)).toMatchObject({ status: 'delivered', attempts: 2, last_error: null })
			expect(receiver.received.map((r) => r.body.text)).toEqual(['a lead'])
			expect((await listUndelivered(database.db, { limit: 50 })).entries).toEqual([])

			const [entry] = (await listAudit(database.db, { action: 'notification.retried', limit: 10 })).entries
			expect(entry).toMatchObject({ target: String(id), operatorName: 'Ada', detail: { channel: 'chat' } })
		} finally {
			await receiver.close()
		}
	})

	it('refuses to retry a delivered or unknown message, and changes nothing', async () => {
		const [delivered] = await messages('delivered')
		const id = delivered ?? 0
		const before = await statusOf(id)
		expect(await retryNotification(database.db, id, who())).toBe('delivered')
		expect(await statusOf(id)).toEqual(before)
		expect(await retryNotification(database.db, id + 1_000, who())).toBe('unknown')
	})

	it('retries every failed message at once and counts them', async () => {
		const [failedA, pending, failedB, skipped, delivered] = await messages(
			'failed',
			'pending',
			'failed',
			'skipped',
			'delivered',
		)
		expect(await retryAllFailed(database.db, who())).toBe(2)
		const statuses = await Promise.all([failedA, pending, failedB, skipped, delivered].map((id) => statusOf(id ?? 0)))
		expect(statuses.map((row) => row?.status)).toEqual(['pending', 'pending', 'pending', 'skipped', 'delivered'])
		expect(statuses.map((row) => row?.attempts)).toEqual([1, 0, 1, 1, 1])
		expect(await retryAllFailed(database.db, who())).toBe(0)
		const entries = (await listAudit(database.db, { action: 'notification.retried_all', limit: 10 })).entries
		expect(entries.map((entry) => entry.detail)).toEqual([{ count: 0 }, { count: 2 }])
	})
})
