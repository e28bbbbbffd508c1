import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { newsletterSubscribers, notifications } from '#app/db/schema.ts'
import { deliverDueNotifications } from '#app/features/notifications/outbox.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { answerOf, formPost, SITE, submissionContext } from '#tests/support/lead-requests.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'
import {
	confirmationToken,
	confirmSubscription,
	pruneUnconfirmedSubscribers,
	verifyConfirmationToken,
} from './confirmation.server.ts'
import { subscribeToNewsletter } from './subscribe.server.ts'
import { unsubscribe } from './unsubscribe.server.ts'

const secret = 's'.repeat(32)

describe('confirmation links', () => {
	it('name the sign-up and its status version, and stop working after 7 days or when forged', () => {
		const now = Date.UTC(2026, 10, 1)
		const token = confirmationToken(secret, { id: 7, version: 2 }, now)
		expect(verifyConfirmationToken(secret, token, now)).toEqual({ id: 7, version: 2 })
		expect(verifyConfirmationToken(secret, token, now + 6.9 * 24 * 3600_000)).toEqual({ id: 7, version: 2 })
		expect(verifyConfirmationToken(secret, token, now + 7.1 * 24 * 3600_000)).toBeNull()
		expect(verifyConfirmationToken('t'.repeat(32), token, now)).toBeNull()
		expect(verifyConfirmationToken(secret, token.replace(/^7\./, '8.'), now)).toBeNull()
		expect(verifyConfirmationToken(secret, token.replace('.2.', '.3.'), now)).toBeNull()
		for (const broken of [null, '', 'x', `${token}x`]) expect(verifyConfirmationToken(secret, broken, now)).toBeNull()
	})
})

describe.each(databaseDrivers())('confirmed sign-ups on $name', (driver) => {
	const database = withTestDatabase(driver)
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let env: Record<string, string>
	beforeAll(async () => {
		smtp = await startSmtpServer()
		env = { SMTP_URL: smtp.url, UNSUBSCRIBE_SECRET: secret }
	})
	afterAll(async () => {
		await smtp?.close()
	})
	beforeEach(async () => {
		await database.db.delete(notifications)
		await database.db.delete(newsletterSubscribers)
	})

	const subscribe = (email: string, withEnv = env) =>
		subscribeToNewsletter(formPost('/newsletter', { email }), submissionContext(database, withEnv)).then(answerOf)
	const deliver = async () => {
		while ((await deliverDueNotifications(submissionContext(database, env))) > 0) {}
	}
	const subscriber = async (email: string) =>
		(await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]
	const linkIn = (email: string) =>
		new RegExp(`${SITE}/newsletter/confirm\\?token=([\\w.-]+)`).exec(smtp.textTo(email))?.[1]
	const config = { SITE_URL: SITE }

	it('stores a sign-up unconfirmed and emails a link that confirms it once, announcing it', async () => {
		expect(await subscribe('ada@example.com')).toMatchObject({ status: 200, body: { message: newsletterCopy.success } })
		expect((await subscriber('ada@example.com'))?.confirmed_at).toBeNull()
		await deliver()
		const token = linkIn('ada@example.com')
		expect(smtp.textTo('ada@example.com')).toContain(newsletterCopy.confirmation.subject('Domain Rebels'))
		const target = verifyConfirmationToken(secret, token ?? null)
		if (!target) throw new Error('no confirmation link')
		expect(await confirmSubscription(database.db, config, target)).toBe('confirmed')
		expect((await subscriber('ada@example.com'))?.confirmed_at).toBeInstanceOf(Date)
		expect(await confirmSubscription(database.db, config, target)).toBe('already')
		const announced = await database.db.select().from(notifications).where(eq(notifications.channel, 'newsletter'))
		expect(announced.map((row) => row.payload.event)).toEqual(['newsletter_signup', 'newsletter_confirmed'])
	})

	it('sends the link again to an unconfirmed address, and nothing to a confirmed one', async () => {
		await subscribe('bo@example.com')
		expect(await subscribe('BO@example.com')).toMatchObject({
			status: 409,
			body: { message: newsletterCopy.alreadySubscribed },
		})
		const emails = async () =>
			(await database.db.select().from(notifications).where(eq(notifications.channel, 'email'))).length
		expect(await emails()).toBe(2)
		const row = await subscriber('bo@example.com')
		await confirmSubscription(database.db, config, { id: Number(row?.id), version: Number(row?.status_version) })
		expect(await subscribe('bo@example.com')).toMatchObject({
			status: 409,
			body: { message: newsletterCopy.alreadySubscribed },
		})
		expect(await emails()).toBe(2)
	})

	it('asks a resubscription to confirm again, and refuses a link from before it', async () => {
		await subscribe('cy@example.com')
		const first = await subscriber('cy@example.com')
		const oldLink = { id: Number(first?.id), version: Number(first?.status_version) }
		await unsubscribe(database.db, oldLink.id)
		expect(await confirmSubscription(database.db, config, oldLink)).toBe('stale')
		await subscribe('cy@example.com')
		expect((await subscriber('cy@example.com'))?.confirmed_at).toBeNull()
		expect(await confirmSubscription(database.db, config, oldLink)).toBe('stale')
	})

	it('confirms at once and sends nothing without SMTP_URL, as before', async () => {
		await subscribe('di@example.com', {})
		expect((await subscriber('di@example.com'))?.confirmed_at).toBeInstanceOf(Date)
		expect(await database.db.select().from(notifications).where(eq(notifications.channel, 'email'))).toEqual([])
	})

	it('deletes sign-ups unconfirmed after 30 days with the messages about them, and keeps the rest', async () => {
		await subscribe('old@example.com')
		await subscribe('new@example.com')
		await subscribe('kept@example.com', {})
		await database.db.execute(
			sql`UPDATE newsletter_subscribers SET created_at = now() - interval '31 days' WHERE email <> 'new@example.com'`,
		)
		await pruneUnconfirmedSubscribers(database.db)
		const left = await database.db.select().from(newsletterSubscribers)
		expect(left.map((row) => row.email).sort()).toEqual(['kept@example.com', 'new@example.com'])
		const about = await database.db.select().from(notifications)
		expect(about.some((row) => JSON.stringify(row.payload).includes('old@example.com'))).toBe(false)
	})

	it('counts the 30 days of a reader who signs up again from their return, not from their first sign-up', async () => {
		await subscribe('back@example.com', {})
		await database.db.execute(
			sql`UPDATE newsletter_subscribers SET created_at = now() - interval '400 days', status = 'unsubscribed'`,
		)
		await subscribe('back@example.com')
		await pruneUnconfirmedSubscribers(database.db)
		const left = await database.db.select().from(newsletterSubscribers)
		expect(left.map((row) => [row.email, row.status, row.confirmed_at])).toEqual([['back@example.com', 'active', null]])
	})
})
