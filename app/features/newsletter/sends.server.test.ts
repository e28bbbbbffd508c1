import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { issueEmailCopy } from '#app/content/newsletter-sends.ts'
import { selectRows } from '#app/db/client.server.ts'
import {
	auditLog,
	blogPosts,
	newsletterSends,
	newsletterSubscribers,
	notifications,
	operators,
} from '#app/db/schema.ts'
import { changeLeadStatus } from '#app/features/inbox/lead.server.ts'
import { deliverDueNotifications } from '#app/features/notifications/outbox.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { htmlErrors } from '#tests/support/html-validator.ts'
import { SITE, submissionContext } from '#tests/support/lead-requests.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'
import { issueEmail } from './issue-email.server.ts'
import {
	advanceSends,
	contentOfPost,
	countRecipients,
	getSend,
	listRecipients,
	queueSend,
	sendTestIssue,
	setSendPaused,
	startSend,
} from './sends.server.ts'
import { unsubscribe } from './unsubscribe.server.ts'

const secret = 's'.repeat(32)
const hostileBody = [
	'Hello **readers**.',
	'',
	'<script>alert(1)</script><p onclick="steal()" class="x" style="position:fixed">Styled by us only</p>',
	'',
	'[A relative link](/pricing) and ![a chart](/media/chart.png)',
	'',
	'<iframe src="https://www.youtube.com/embed/x"></iframe>',
].join('\n')

describe.each(databaseDrivers())('newsletter sends on $name', (driver) => {
	const database = withTestDatabase(driver)
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let env: Record<string, string>
	let operatorId = 0
	beforeAll(async () => {
		smtp = await startSmtpServer({
			refuses: (address) => address.startsWith('gone@'),
			refusesMessageTo: (address) => address.startsWith('filtered@'),
		})
		env = {
			SMTP_URL: smtp.url,
			UNSUBSCRIBE_SECRET: secret,
			POSTAL_ADDRESS: 'Domain Rebels, 1 Harbour Street, Dublin',
			NEWSLETTER_RATE_PER_MINUTE: '1000000',
		}
	})
	afterAll(async () => {
		await smtp?.close()
	})
	beforeEach(async () => {
		smtp.mails.length = 0
		await database.db.delete(notifications)
		await database.db.delete(newsletterSends)
		await database.db.delete(newsletterSubscribers)
		await database.db.execute(sql`DELETE FROM delivery_budgets`)
		await database.db.delete(blogPosts)
		const [operator] = await database.db
			.insert(operators)
			.values({ email: `ada${Date.now()}@example.com`, display_name: 'Ada', password_hash: 'x', role: 'editor' })
			.returning({ id: operators.id })
		operatorId = operator?.id ?? 0
	})

	const context = (overrides: Record<string, string> = {}) => submissionContext(database, { ...env, ...overrides })
	const deliver = async (overrides: Record<string, string> = {}) => {
		while ((await deliverDueNotifications(context(overrides))) > 0) {}
	}
	const actor = () => ({ by: operatorId, clientAddress: '203.0.113.7' })
	const subscribe = async (email: string, state: { confirmed?: boolean; status?: string } = {}) => {
		const [row] = await database.db
			.insert(newsletterSubscribers)
			.values({
				email,
				status: state.status ?? 'active',
				confirmed_at: state.confirmed === false ? null : new Date(),
			})
			.returning({ id: newsletterSubscribers.id })
		return row?.id ?? 0
	}
	const publish = async (title: string, content = hostileBody) => {
		const [row] = await database.db
			.insert(blogPosts)
			.values({ title, seo_slug: title.toLowerCase().replaceAll(' ', '-'), content, status: 'published' })
			.returning()
		if (!row) throw new Error('no post')
		return row
	}
	const start = async (title: string) => {
		const post = await publish(title)
		const started = await startSend(database.db, context().config, post, actor())
		if (started.outcome !== 'started') throw new Error(started.outcome)
		return started
	}
	const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email))

	it('emails each confirmed subscriber once, with one-click unsubscribe headers, its own Message-ID, HTML and text', async () => {
		for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com']) await subscribe(email)
		await subscribe('unconfirmed@example.com', { confirmed: false })
		await subscribe('left@example.com', { status: 'unsubscribed' })
		expect(await countRecipients(database.db)).toBe(3)

		const started = await start('Parked domains in 2027')
		expect(started.recipients).toBe(3)
		// Two per batch: the queue is written in three transactions and ends `sending`.
		expect(await queueSend(database.db, started.id, 2)).toBe(3)
		expect(await queueSend(database.db, started.id, 2)).toBe(0)
		expect((await getSend(database.db, started.id))?.status).toBe('sending')
		await deliver()

		expect(smtp.mails.flatMap((mail) => mail.to).sort()).toEqual([
			'ann@example.com',
			'bob@example.com',
			'cy@example.com',
		])
		const ids = new Set<string>()
		for (const mail of smtp.mails) {
			const unsubscribeHeader = smtp.header(mail, 'List-Unsubscribe') ?? ''
			expect(unsubscribeHeader).toMatch(new RegExp(`^<${SITE}/newsletter/unsubscribe\\?token=[\\w.-]+>$`))
			expect(smtp.header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
			expect(smtp.header(mail, 'Subject')).toBe('Parked domains in 2027')
			ids.add(smtp.header(mail, 'Message-ID') ?? '')
			expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i)
			expect(mail.raw).toMatch(/Content-Type: text\/plain/i)
			expect(mail.raw).toMatch(/Content-Type: text\/html/i)
		}
		expect(ids.size).toBe(3)
		expect(mailsTo('unconfirmed@example.com')).toEqual([])
		expect(mailsTo('left@example.com')).toEqual([])

		const report = await getSend(database.db, started.id)
		expect(report).toMatchObject({ status: 'finished', recipients: 3, counts: { delivered: 3, pending: 0 } })
		const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'newsletter.sent'))
		expect(audit?.detail).toEqual({ title: 'Parked domains in 2027', recipients: 3 })
	})

	it('keeps nothing of the body that could run or restyle, makes addresses absolute, and signs off with the address and a link', async () => {
		const post = await publish('A hostile body')
		const content = await contentOfPost(database.db, context().config, post)
		const email = issueEmail(content, 'ann@example.com', `${SITE}/newsletter/unsubscribe?token=1.x`)
		const html = email.html ?? ''
		expect(html).not.toMatch(/<script|onclick|class="x"|position:fixed|<iframe/i)
		expect(html).toContain(`href="${SITE}/pricing"`)
		expect(html).toContain(`src="${SITE}/media/chart.png"`)
		expect(html).toMatch(/<p style="[^"]+">Styled by us only<\/p>/)
		expect(html).toContain(`href="${SITE}/blog/a-hostile-body"`)
		expect(html).toContain('Domain Rebels, 1 Harbour Street, Dublin')
		expect(html).toContain(`href="${SITE}/newsletter/unsubscribe?token=1.x"`)
		expect(email.text).toContain('Hello **readers**.')
		expect(email.text).toContain(`${issueEmailCopy.readOnSite}: ${SITE}/blog/a-hostile-body`)
		expect(email.text).toContain(`${issueEmailCopy.unsubscribeText} ${SITE}/newsletter/unsubscribe?token=1.x`)
		expect(email.text).not.toContain('alert(1)')
		expect(await htmlErrors([{ name: 'the newsletter email', html }])).toEqual([])
	})

	it('marks an address the mail server refuses for good (550) as bounced, and leaves it out of the next send', async () => {
		await subscribe('ann@example.com')
		const gone = await subscribe('gone@example.com')
		const first = await start('First issue')
		await queueSend(database.db, first.id)
		await deliver()
		expect((await getSend(database.db, first.id))?.counts).toMatchObject({ delivered: 1, bounced: 1 })
		const [row] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, gone))
		expect(row?.status).toBe('bounced')

		const second = await start('Second issue')
		expect(second.recipients).toBe(1)
		await queueSend(database.db, second.id)
		const listed = await listRecipients(database.db, second.id, {})
		expect(listed.recipients.map((recipient) => recipient.email)).toEqual(['ann@example.com'])
	})

	it('retries a message refused for its content (a 5xx after DATA) and keeps the subscriber', async () => {
		const filtered = await subscribe('filtered@example.com')
		const started = await start('Filtered issue')
		await queueSend(database.db, started.id)
		await deliver()
		const [message] = await listRecipients(database.db, started.id, {}).then((page) => page.recipients)
		expect([message?.status, message?.detail]).toEqual(['pending', expect.stringContaining('Message refused')])
		const [row] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, filtered))
		expect(row?.status).toBe('active')
	})

	it('finishes a send whose last waiting messages were skipped by unsubscribes', async () => {
		const ids = [await subscribe('ann@example.com'), await subscribe('bob@example.com')]
		const started = await start('Nobody left')
		await queueSend(database.db, started.id)
		for (const id of ids) await unsubscribe(database.db, id)
		await deliver()
		// No delivery round sent anything: the server's upkeep of sends notices it is over.
		await advanceSends(database.db)
		expect(smtp.mails).toEqual([])
		expect(await getSend(database.db, started.id)).toMatchObject({ status: 'finished', counts: { skipped: 2 } })
	})

	it('sends nothing more to someone who unsubscribes during a send', async () => {
		const ann = await subscribe('ann@example.com')
		await subscribe('bob@example.com')
		const started = await start('Mid-send')
		await queueSend(database.db, started.id)
		await unsubscribe(database.db, ann)
		await deliver()
		expect(mailsTo('ann@example.com')).toEqual([])
		expect(mailsTo('bob@example.com')).toHaveLength(1)
		const report = await getSend(database.db, started.id)
		expect(report).toMatchObject({ counts: { delivered: 1, skipped: 1 }, unsubscribedSince: 1 })
	})

	it('stops the waiting email at once when an operator unsubscribes the reader in the inbox', async () => {
		const ann = await subscribe('ann@example.com')
		await subscribe('bob@example.com')
		const started = await start('Unsubscribed by hand')
		await queueSend(database.db, started.id)
		const change = { kind: 'newsletter', id: ann, to: 'unsubscribed', version: 0 } as const
		expect(await changeLeadStatus(database.db, change, actor())).toMatchObject({ outcome: 'changed' })
		expect(await getSend(database.db, started.id)).toMatchObject({ counts: { skipped: 1 } })
		await deliver()
		expect(mailsTo('ann@example.com')).toEqual([])
		expect(mailsTo('bob@example.com')).toHaveLength(1)
	})

	it('holds everything while paused and goes on when resumed', async () => {
		for (const email of ['ann@example.com', 'bob@example.com']) await subscribe(email)
		const started = await start('Paused issue')
		await queueSend(database.db, started.id)
		expect(await setSendPaused(database.db, started.id, true, actor())).toBe(true)
		await deliver()
		expect(smtp.mails).toEqual([])
		expect((await getSend(database.db, started.id))?.status).toBe('paused')
		expect(await setSendPaused(database.db, started.id, false, actor())).toBe(true)
		await deliver()
		expect(smtp.mails).toHaveLength(2)
		expect((await getSend(database.db, started.id))?.status).toBe('finished')
	})

	it('sends no faster than NEWSLETTER_RATE_PER_MINUTE, shared through the database', async () => {
		for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await subscribe(email)
		const started = await start('Slow issue')
		await queueSend(database.db, started.id)
		// One a second: a round finds one token, the next none until a second has passed.
		await deliver({ NEWSLETTER_RATE_PER_MINUTE: '60' })
		expect(smtp.mails).toHaveLength(1)
		const [pending] = await selectRows<{ count: number | string }>(
			database.db,
			sql`SELECT count(*) AS count FROM notifications WHERE send_id = ${started.id} AND status = 'pending'`,
		)
		expect(Number(pending?.count)).toBe(2)
	})

	it('shares a send between workers on one database: each subscriber gets one email', async () => {
		const emails = Array.from({ length: 120 }, (_, n) => `reader${n}@example.com`)
		for (const email of emails) await subscribe(email)
		const started = await start('Shared issue')
		// Two instances queue it at once: the send's row lock and the messages' keys keep one message each.
		await Promise.all([queueSend(database.db, started.id, 25), queueSend(database.db, started.id, 25)])
		await Promise.all([deliver(), deliver(), deliver()])
		expect(smtp.mails.flatMap((mail) => mail.to).sort()).toEqual([...emails].sort())
		expect((await getSend(database.db, started.id))?.recipients).toBe(120)
	})

	it('emails a post once: a second start names the first send', async () => {
		await subscribe('ann@example.com')
		const post = await publish('Once only')
		const first = await startSend(database.db, context().config, post, actor())
		const again = await startSend(database.db, context().config, post, actor())
		expect(first.outcome).toBe('started')
		expect(again).toEqual({ outcome: 'already', id: first.outcome === 'started' ? first.id : 0 })
	})

	it('sends a test to the operator alone, marked as a test', async () => {
		await subscribe('ann@example.com')
		const post = await publish('Test me')
		await sendTestIssue(database.db, context().config, post, 'ada@example.com', actor(), '[Test] ')
		await deliver()
		expect(smtp.mails.map((mail) => [mail.to, smtp.header(mail, 'Subject')])).toEqual([
			[['ada@example.com'], '[Test] Test me'],
		])
	})
})
