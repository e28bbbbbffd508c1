import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#app/db/client.server.ts'
import { notifications } from '#app/db/schema.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { startWebhookReceiver } from '#tests/support/webhook-receiver.ts'
import {
	chatField,
	deliverDueNotifications,
	enqueueIndexNowPing,
	enqueueNotification,
	type OutboxOptions,
	releaseClaimsOfEndedProcess,
	retryDelayMs,
} from './outbox.server.ts'
import { generateWebhookSecret, verifyWebhook } from './webhook-signature.server.ts'

const silent = pino({ level: 'silent' })
const WEBHOOK_SECRET = generateWebhookSecret()
const config = {
	BRAND_NAME: 'Test',
	CONTACT_EMAIL: 'team@example.com',
	WEBHOOK_SECRET,
	DATA_DIR: tempDir('outbox-'),
	SITE_URL: 'https://www.example.com',
	INDEXNOW_ENDPOINT: 'http://127.0.0.1:9/indexnow',
}

async function drain(options: OutboxOptions, rounds = 1) {
	for (let i = 0; i < rounds; i++) while ((await deliverDueNotifications(options)) > 0) {}
}

describe('retry delay', () => {
	it('doubles per attempt with jitter between half and the whole delay, capped', () => {
		const options = { baseDelayMs: 1_000, maxDelayMs: 8_000 }
		expect(retryDelayMs(1, { ...options, random: () => 0 })).toBe(500)
		expect(retryDelayMs(1, { ...options, random: () => 1 })).toBe(1_000)
		expect(retryDelayMs(3, { ...options, random: () => 1 })).toBe(4_000)
		expect(retryDelayMs(10, { ...options, random: () => 1 })).toBe(8_000)
	})
})

describe('chat message fields', () => {
	it("escapes markup and quotes text of several lines, so typed lines cannot pass for the message's own", () => {
		expect(chatField('Name', 'Ada <!channel> & co')).toBe('*Name:* Ada &lt;!channel&gt; &amp; co')
		expect(chatField('Company', null)).toBe('*Company:* -')
		expect(chatField('Message', 'hi\r\n*Email:* boss@corp.example\nbye')).toBe(
			'*Message:*\n>hi\n>*Email:* boss@corp.example\n>bye',
		)
	})
})

describe.each(databaseDrivers())('outbox on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})
	beforeEach(async () => {
		await database.db.delete(notifications)
	})

	const rows = () => database.db.select().from(notifications).orderBy(notifications.id)

	it('retries while the receiver is down and delivers each message once when it is back', async () => {
		const first = await startWebhookReceiver()
		await first.close()
		const options = {
			db: database.db,
			logger: silent,
			config: { ...config, CHAT_WEBHOOK_URL: first.url },
			baseDelayMs: 60_000,
		}
		for (const n of [1, 2, 3]) await enqueueNotification(database.db, 'chat', { text: `message ${n}` })
		await drain(options)
		expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
			['pending', 1],
			['pending', 1],
			['pending', 1],
		])
		expect((await rows())[0]?.last_error).toBeTruthy()

		const back = await startWebhookReceiver({ port: first.port })
		// Time passes: the retries fall due.
		await database.db.update(notifications).set({ next_attempt_at: new Date(0) })
		await drain(options)
		await back.close()
		expect(back.received.map((r) => r.body.text).sort()).toEqual(['message 1', 'message 2', 'message 3'])
		expect(new Set(back.received.map((r) => r.headers['idempotency-key'])).size).toBe(3)
		expect((await rows()).every((r) => r.status === 'delivered' && r.delivered_at)).toBe(true)
	})

	it('signs each attempt (Standard Webhooks): the same webhook-id on a retry, a fresh timestamp', async () => {
		const receiver = await startWebhookReceiver()
		receiver.setStatus(503)
		const options = { db: database.db, logger: silent, config: { ...config, CHAT_WEBHOOK_URL: receiver.url } }
		await enqueueNotification(database.db, 'chat', { text: 'New lead: Zoë', email: 'zoe@example.com', n: 1.5 })
		await drain(options)
		receiver.setStatus(200)
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			// The retry falls due 90 s later.
			vi.setSystemTime(Date.now() + 90_000)
			await database.db.update(notifications).set({ next_attempt_at: new Date(0) })
			await drain(options)
		} finally {
			vi.useRealTimers()
		}
		await receiver.close()
		const [row] = await rows()
		expect(row?.status).toBe('delivered')
		const [failed, delivered] = receiver.requests
		expect(receiver.requests.map((r) => [r.status, r.headers['webhook-id']])).toEqual([
			[503, row?.idempotency_key],
			[200, row?.idempotency_key],
		])
		const timestamp = (request: typeof failed) => Number(request?.headers['webhook-timestamp'])
		expect(timestamp(delivered) - timestamp(failed)).toBeGreaterThanOrEqual(90)
		expect(failed?.headers['webhook-signature']).not.toBe(delivered?.headers['webhook-signature'])
		for (const request of [failed, delivered]) {
			expect(request?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
			expect(verifyWebhook(WEBHOOK_SECRET, request?.headers ?? {}, request?.raw ?? '')).toEqual({ valid: true })
			expect(verifyWebhook(generateWebhookSecret(), request?.headers ?? {}, request?.raw ?? '')).toMatchObject({
				valid: false,
			})
		}
		expect(delivered?.body).toEqual({ text: 'New lead: Zoë', email: 'zoe@example.com', n: 1.5 })
	})

	it('signs with the secret generated in DATA_DIR when WEBHOOK_SECRET is unset', async () => {
		const receiver = await startWebhookReceiver()
		const dataDir = tempDir('outbox-generated-')
		await enqueueNotification(database.db, 'newsletter', { text: 'signed with a generated secret' })
		await drain({
			db: database.db,
			logger: silent,
			config: { ...config, WEBHOOK_SECRET: undefined, DATA_DIR: dataDir, NEWSLETTER_WEBHOOK_URL: receiver.url },
		})
		await receiver.close()
		const generated = fs.readFileSync(path.join(dataDir, 'webhook-secret'), 'utf8')
		expect(generated).toMatch(/^whsec_/)
		const [request] = receiver.received
		expect(verifyWebhook(generated, request?.headers ?? {}, request?.raw ?? '')).toEqual({ valid: true })
	})

	it('gives up at once on a 4xx, retries on 408, 429 and 5xx', async () => {
		const receiver = await startWebhookReceiver()
		const options = { db: database.db, logger: silent, config: { ...config, CHAT_WEBHOOK_URL: receiver.url } }
		for (const [status, expected] of [
			[400, 'failed'],
			[404, 'failed'],
			[408, 'pending'],
			[429, 'pending'],
			[503, 'pending'],
		] as const) {
			receiver.setStatus(status)
			await enqueueNotification(database.db, 'chat', { text: String(status) })
			await drain(options)
			const last = (await rows()).at(-1)
			expect([status, last?.status, last?.last_error]).toEqual([status, expected, `HTTP ${status}`])
		}
		await receiver.close()
	})

	it('gives up a message that still fails after the retry period', async () => {
		const receiver = await startWebhookReceiver()
		receiver.setStatus(500)
		await enqueueNotification(database.db, 'chat', { text: 'old' })
		await drain({
			db: database.db,
			logger: silent,
			config: { ...config, CHAT_WEBHOOK_URL: receiver.url },
			giveUpAfterMs: 0,
		})
		await receiver.close()
		expect((await rows())[0]).toMatchObject({ status: 'failed', last_error: 'gave up: HTTP 500' })
	})

	it('counts a receiver that does not answer within the timeout as a failed attempt', async () => {
		const silentServer = net.createServer(() => {})
		await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve))
		const { port } = silentServer.address() as net.AddressInfo
		await enqueueNotification(database.db, 'chat', { text: 'slow' })
		await drain({
			db: database.db,
			logger: silent,
			config: { ...config, CHAT_WEBHOOK_URL: `http://127.0.0.1:${port}` },
			timeoutMs: 200,
		})
		silentServer.close()
		expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 })
		expect((await rows())[0]?.last_error).toMatch(/TimeoutError/)
	})

	it('pings IndexNow with the site, its key file and the changed addresses, retrying while the endpoint is down', async () => {
		const receiver = await startWebhookReceiver()
		receiver.setStatus(503)
		const key = 'a1b2c3d4e5f6a7b8'
		const urls = ['https://www.example.com/blog/new-post']
		await enqueueIndexNowPing(database.db, { INDEXNOW_KEY: key }, urls)
		const options = {
			db: database.db,
			logger: silent,
			config: { ...config, INDEXNOW_KEY: key, INDEXNOW_ENDPOINT: `${receiver.url}/indexnow` },
			baseDelayMs: 100,
			maxDelayMs: 100,
		}
		await drain(options)
		expect((await rows())[0]).toMatchObject({ channel: 'indexnow', status: 'pending', last_error: 'HTTP 503' })
		receiver.setStatus(202)
		// The retry is due within 100 ms.
		await vi.waitFor(async () => {
			await drain(options)
			expect((await rows())[0]).toMatchObject({ status: 'delivered' })
		})
		await receiver.close()
		// The receiver keeps what it accepted: one ping, after the refused attempt.
		expect(receiver.received.map((request) => request.body)).toEqual([
			{ host: 'www.example.com', key, keyLocation: `https://www.example.com/${key}.txt`, urlList: urls },
		])
		expect(receiver.received[0]?.headers['content-type']).toBe('application/json; charset=utf-8')
	})

	it("writes no ping without INDEXNOW_KEY, and holds a scheduled post's until its time", async () => {
		await enqueueIndexNowPing(database.db, { INDEXNOW_KEY: undefined }, ['https://www.example.com/blog/a'])
		expect(await rows()).toEqual([])
		const later = new Date(Date.now() + 60 * 60_000)
		await enqueueIndexNowPing(
			database.db,
			{ INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8' },
			['https://www.example.com/blog/b'],
			later,
		)
		await drain({ db: database.db, logger: silent, config: { ...config, INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8' } })
		expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: later })
	})

	it('makes due at once what an ended process held, and leaves a scheduled ping and a later retry waiting', async () => {
		const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000)
		for (const n of [1, 2]) await enqueueNotification(database.db, 'chat', { text: `message ${n}` })
		const [held, retry] = await rows()
		// As the claim leaves a message whose process was killed mid-delivery: tried once, hidden for the lease.
		await database.db
			.update(notifications)
			.set({ attempts: 1, next_attempt_at: inSeconds(50) })
			.where(eq(notifications.id, Number(held?.id)))
		await database.db
			.update(notifications)
			.set({ attempts: 3, next_attempt_at: inSeconds(3600) })
			.where(eq(notifications.id, Number(retry?.id)))
		const postTime = inSeconds(30)
		await enqueueIndexNowPing(
			database.db,
			{ INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8' },
			['https://www.example.com/blog/b'],
			postTime,
		)

		expect(await releaseClaimsOfEndedProcess(database.db)).toBe(1)
		const after = await rows()
		expect(after[0]?.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now())
		expect(after[1]?.next_attempt_at.getTime()).toBeGreaterThan(inSeconds(3000).getTime())
		expect(after[2]?.next_attempt_at).toEqual(postTime)
	})

	it('skips with a warning when the webhook address is not configured', async () => {
		const warnings: string[] = []
		const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) })
		await enqueueNotification(database.db, 'newsletter', { text: 'no hook' })
		await drain({ db: database.db, logger, config })
		expect((await rows())[0]).toMatchObject({ status: 'skipped', last_error: 'NEWSLETTER_WEBHOOK_URL is not set' })
		expect(warnings).toContain('notification skipped: NEWSLETTER_WEBHOOK_URL is not set')
	})

	it.skipIf(driver.name !== 'postgres')('lets two workers on one database deliver each message once', async () => {
		const receiver = await startWebhookReceiver()
		const location = database.location as { databaseUrl: string }
		const second = await openDatabase({ databaseUrl: location.databaseUrl })
		for (let n = 0; n < 40; n++) await enqueueNotification(database.db, 'chat', { text: `m${n}` })
		const options = { logger: silent, config: { ...config, CHAT_WEBHOOK_URL: receiver.url }, batchSize: 3 }
		await Promise.all([drain({ ...options, db: database.db }), drain({ ...options, db: second.db })])
		await second.close()
		await receiver.close()
		expect(receiver.received).toHaveLength(40)
		expect(new Set(receiver.received.map((r) => r.body.text)).size).toBe(40)
		const delivered = await database.db.select().from(notifications).where(eq(notifications.status, 'delivered'))
		expect(delivered.every((r) => r.attempts === 1)).toBe(true)
	})
})
