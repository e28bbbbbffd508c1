import { afterAll, describe, expect, it } from 'vitest'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { newsletterSubscribers } from '#app/db/schema.ts'
import { deliverDueNotifications } from '#app/features/notifications/outbox.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { answerOf, formPost, SITE, submissionContext } from '#tests/support/lead-requests.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'
import { startWebhookReceiver } from '#tests/support/webhook-receiver.ts'
import { subscribeToNewsletter } from './subscribe.server.ts'
import { unsubscribe, unsubscribeSecret, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe.server.ts'

describe.each(databaseDrivers())('newsletter on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})
	const subscribe = (fields: Record<string, string>, env: Record<string, string> = {}) =>
		subscribeToNewsletter(formPost('/newsletter', fields), submissionContext(database, env)).then(answerOf)

	it('has four outcomes: empty email, new, already active (trimmed, any case), resubscribed', async () => {
		const empty = await subscribe({ email: '  ' })
		expect(empty).toMatchObject({ status: 400, body: { message: 'Please enter your email address' } })

		const fresh = await subscribe({ email: 'Reader@Example.com', source: 'footer' })
		expect(fresh).toMatchObject({
			status: 200,
			body: { ok: true, message: newsletterCopy.success, resubscribed: false },
		})

		const again = await subscribe({ email: '  reader@example.COM ' })
		expect(again).toMatchObject({ status: 409, body: { tone: 'info', message: newsletterCopy.alreadySubscribed } })

		const [row] = await database.db.select().from(newsletterSubscribers)
		expect(row).toMatchObject({ email: 'Reader@Example.com', source: 'footer', status: 'active', name: null })
		await unsubscribe(database.db, Number(row?.id))
		const back = await subscribe({ email: 'reader@example.com' })
		expect(back).toMatchObject({ status: 200, body: { message: newsletterCopy.resubscribed, resubscribed: true } })
		const rows = await database.db.select().from(newsletterSubscribers)
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ status: 'active', unsubscribed_at: null, source: 'blog_sidebar' })
	})

	it('leaves one row when the same email signs up many times at once', async () => {
		const answers = await Promise.all(
			Array.from({ length: 8 }, (_, i) => subscribe({ email: i % 2 ? 'race@example.com' : ' RACE@example.com' })),
		)
		expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
		expect(answers.filter((a) => a.status === 409)).toHaveLength(7)
		const rows = await database.db.select().from(newsletterSubscribers)
		expect(rows.filter((r) => r.email.trim().toLowerCase() === 'race@example.com')).toHaveLength(1)
	})

	it('announces the sign-up on the newsletter webhook and emails a confirmation with a one-click unsubscribe', async () => {
		const smtp = await startSmtpServer()
		const receiver = await startWebhookReceiver()
		const env = { SMTP_URL: smtp.url, NEWSLETTER_WEBHOOK_URL: receiver.url, UNSUBSCRIBE_SECRET: 's'.repeat(32) }
		await subscribe({ email: 'mail@example.com', name: 'Mae' }, env)
		const context = submissionContext(database, env)
		while ((await deliverDueNotifications(context)) > 0) {}
		await receiver.close()
		await smtp.close()

		expect(receiver.received.find((r) => r.body.email === 'mail@example.com')?.body).toMatchObject({
			email: 'mail@example.com',
			name: 'Mae',
			source: 'blog_sidebar',
		})
		const mail = smtp.mails.find((m) => m.to.includes('mail@example.com'))
		expect(mail?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
		const link = smtp.unsubscribeLink('mail@example.com') ?? ''
		expect(link.startsWith(`${SITE}/newsletter/unsubscribe?token=`)).toBe(true)
		expect(mail?.raw.replace(/=\r\n/g, '')).toContain(link)
		const [row] = (await database.db.select().from(newsletterSubscribers)).filter((r) => r.email === 'mail@example.com')
		const token = new URL(link).searchParams.get('token')
		expect(verifyUnsubscribeToken(unsubscribeSecret(context.config), token)).toBe(Number(row?.id))
	})
})

describe('unsubscribe tokens', () => {
	it('accept only what the secret signed', () => {
		const secret = 'a'.repeat(32)
		const token = unsubscribeToken(secret, 7)
		expect(verifyUnsubscribeToken(secret, token)).toBe(7)
		expect(verifyUnsubscribeToken('b'.repeat(32), token)).toBeNull()
		expect(verifyUnsubscribeToken(secret, token.replace(/^7\./, '8.'))).toBeNull()
		expect(verifyUnsubscribeToken(secret, `${token.slice(0, -1)}x`)).toBeNull()
		expect(verifyUnsubscribeToken(secret, 'garbage')).toBeNull()
		expect(verifyUnsubscribeToken(secret, null)).toBeNull()
	})
})
