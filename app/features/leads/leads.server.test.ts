import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { waitlistCopy } from '#app/content/waitlist.ts'
import { betaApplications, communityWaitlist, contactMessages, notifications } from '#app/db/schema.ts'
import { deliverDueNotifications } from '#app/features/notifications/outbox.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { answerOf, formPost, SITE, submissionContext } from '#tests/support/lead-requests.ts'
import { startWebhookReceiver } from '#tests/support/webhook-receiver.ts'
import { joinWaitlist, sendContactMessage, submitBetaApplication } from './leads.server.ts'

const beta = {
	full_name: 'Ada Lovelace',
	email: 'ada@example.com',
	company_name: '',
	domain_count: '42',
	current_solution: '   ',
	why_interested: 'Warm my best names <!channel>',
}

describe.each(databaseDrivers())('lead forms on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})

	it('stores a beta application with null optionals and an integer count, and queues its chat message', async () => {
		const answer = answerOf(
			await submitBetaApplication(formPost('/beta-application', beta), submissionContext(database)),
		)
		expect(answer.status).toBe(200)
		expect(answer.body).toMatchObject({ ok: true, message: betaCopy.successTitle })
		const [row] = await database.db.select().from(betaApplications).where(eq(betaApplications.email, beta.email))
		expect(row).toMatchObject({
			full_name: 'Ada Lovelace',
			company_name: null,
			current_solution: null,
			domain_count: 42,
		})
		const queued = await database.db.select().from(notifications).where(eq(notifications.channel, 'chat'))
		expect(queued.at(-1)?.payload).toMatchObject({ name: 'Ada Lovelace', domain_count: 42, company: null })
	})

	it('stores waitlist sign-ups as pending from the community page and contact messages as unread', async () => {
		const context = submissionContext(database)
		const waitlist = answerOf(
			await joinWaitlist(formPost('/community-interest', { name: 'Grace', email: 'grace@example.com' }), context),
		)
		expect(waitlist.body.message).toBe(waitlistCopy.success)
		const contact = answerOf(
			await sendContactMessage(
				formPost('/contact', { name: 'Linus', email: 'linus@example.com', subject: 'Hi', message: 'Hello' }),
				context,
			),
		)
		expect(contact.body.message).toBe(contactFormCopy.success)
		const [member] = await database.db.select().from(communityWaitlist)
		expect(member).toMatchObject({ name: 'Grace', source: 'community-interest-page', status: 'pending' })
		const [message] = await database.db.select().from(contactMessages)
		expect(message).toMatchObject({ subject: 'Hi', message: 'Hello', status: 'unread' })
	})

	it('answers invalid input with 400 and each field message, and stores nothing', async () => {
		const before = (await database.db.select().from(contactMessages)).length
		const answer = answerOf(
			await sendContactMessage(
				formPost('/contact', { name: ' ', email: 'not-an-email', subject: 'x'.repeat(201), message: '' }),
				submissionContext(database),
			),
		)
		expect(answer.status).toBe(400)
		expect(answer.body.message).toBe(contactFormCopy.failure)
		expect(answer.body.fieldErrors).toEqual({
			name: validationMessages.name,
			email: validationMessages.email,
			subject: validationMessages.tooLong(200),
			message: validationMessages.message,
		})
		expect(await database.db.select().from(contactMessages)).toHaveLength(before)
		const count = answerOf(
			await submitBetaApplication(
				formPost('/beta-application', { ...beta, domain_count: '1.5' }),
				submissionContext(database),
			),
		)
		expect(count.status).toBe(400)
		expect(count.body.fieldErrors).toEqual({ domain_count: validationMessages.domainCount })
	})

	it('refuses a body over 64 KB with 413 and a post from another site with 403', async () => {
		const large = answerOf(
			await sendContactMessage(
				formPost('/contact', {
					name: 'A',
					email: 'a@example.com',
					subject: 's',
					message: 'x'.repeat(70_000),
				}),
				submissionContext(database),
			),
		)
		expect(large.status).toBe(413)
		expect(large.body.message).toBe(submissionMessages.tooLarge)
		const crossSite = answerOf(
			await joinWaitlist(
				formPost('/community-interest', { name: 'A', email: 'a@example.com' }, { 'sec-fetch-site': 'cross-site' }),
				submissionContext(database),
			),
		)
		expect(crossSite.status).toBe(403)
	})

	it('refuses other content types with 415, invalid UTF-8 with 400 and a NUL with the field message', async () => {
		const post = (body: BodyInit, contentType: string) =>
			new Request('http://127.0.0.1:3000/contact', {
				method: 'POST',
				headers: { 'content-type': contentType, origin: 'http://127.0.0.1:3000' },
				body,
			})
		const before = (await database.db.select().from(contactMessages)).length
		const fields = 'name=Eve&email=eve%40example.com&subject=Hi&message='
		const json = answerOf(
			await sendContactMessage(post('{"name":"Eve"}', 'application/json'), submissionContext(database)),
		)
		expect(json.status).toBe(415)
		expect(json.body.message).toBe(submissionMessages.unsupportedType)
		const latin1 = answerOf(
			await sendContactMessage(
				post(`${fields}Hello`, 'application/x-www-form-urlencoded; charset=iso-8859-1'),
				submissionContext(database),
			),
		)
		expect(latin1.status).toBe(415)
		const invalid = answerOf(
			await sendContactMessage(
				post(`${fields}caf%E9`, 'application/x-www-form-urlencoded'),
				submissionContext(database),
			),
		)
		expect(invalid.status).toBe(400)
		const nul = answerOf(
			await sendContactMessage(
				post(`${fields}a%00b`, 'application/x-www-form-urlencoded'),
				submissionContext(database),
			),
		)
		expect(nul.status).toBe(400)
		expect(nul.body.fieldErrors).toEqual({ message: validationMessages.nulCharacter })
		expect((await database.db.select().from(contactMessages)).length).toBe(before)
	})

	it('answers a filled honeypot like a success and stores nothing', async () => {
		const before = (await database.db.select().from(communityWaitlist)).length
		const answer = answerOf(
			await joinWaitlist(
				formPost('/community-interest', { name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' }),
				submissionContext(database),
			),
		)
		expect(answer).toMatchObject({ status: 200, body: { ok: true, message: waitlistCopy.success } })
		expect(await database.db.select().from(communityWaitlist)).toHaveLength(before)
	})

	it('limits each form per client address and answers 429 with a clear message', async () => {
		const limited = (address: string) => submissionContext(database, { RATE_LIMIT_MAX: '2' }, address)
		const post = () => formPost('/community-interest', { name: 'R', email: 'r@example.com' })
		const statuses = []
		for (let i = 0; i < 3; i++) statuses.push(answerOf(await joinWaitlist(post(), limited('198.51.100.1'))).status)
		expect(statuses).toEqual([200, 200, 429])
		const refused = answerOf(await joinWaitlist(post(), limited('198.51.100.1')))
		expect(refused.body.message).toBe(submissionMessages.tooManyRequests)
		expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0)
		expect(answerOf(await joinWaitlist(post(), limited('198.51.100.2'))).status).toBe(200)
		const otherForm = formPost('/contact', { name: 'R', email: 'r@example.com', subject: 's', message: 'm' })
		expect(answerOf(await sendContactMessage(otherForm, limited('198.51.100.1'))).status).toBe(200)
	})

	it('delivers each queued message to the chat webhook with the submitted values and an Idempotency-Key', async () => {
		const receiver = await startWebhookReceiver()
		const context = submissionContext(database, { CHAT_WEBHOOK_URL: `${receiver.url}/chat` })
		await submitBetaApplication(formPost('/beta-application', { ...beta, email: 'hook@example.com' }), context)
		while ((await deliverDueNotifications({ ...context, baseDelayMs: 1 })) > 0) {}
		await receiver.close()
		const hook = receiver.received.find((r) => r.body.email === 'hook@example.com')
		expect(hook?.path).toBe('/chat')
		expect(hook?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
		expect(hook?.body).toMatchObject({
			name: beta.full_name,
			company: null,
			domain_count: 42,
			current_solution: null,
			why_interested: beta.why_interested,
		})
		expect(hook?.body.text).toContain('Warm my best names &lt;!channel&gt;')
		expect(typeof hook?.body.time).toBe('string')
	})

	it('links the chat message to the lead in the console and keeps the page the form was sent from', async () => {
		const answer = answerOf(
			await sendContactMessage(
				formPost(
					'/contact',
					{ name: 'Mo', email: 'mo@example.com', subject: 'Link', message: 'Where is it?' },
					{ referer: `${SITE}/pricing?token=secret` },
				),
				submissionContext(database),
			),
		)
		expect(answer.status).toBe(200)
		const [message] = await database.db
			.select()
			.from(contactMessages)
			.where(eq(contactMessages.email, 'mo@example.com'))
		// The query is left out: it can carry a single-use token.
		expect(message?.page_path).toBe('/pricing')
		const [queued] = await database.db
			.select()
			.from(notifications)
			.where(and(eq(notifications.lead_kind, 'contact'), eq(notifications.lead_id, message?.id ?? 0)))
		const url = `${SITE}/admin/inbox/contact/${message?.id}`
		expect(queued).toMatchObject({ lead_kind: 'contact', channel: 'chat' })
		expect(queued?.payload).toMatchObject({ console_url: url })
		expect(String(queued?.payload.text)).toContain(`<${url}|Open in the console>`)
		const foreign = await sendContactMessage(
			formPost(
				'/contact',
				{ name: 'Mo', email: 'mo2@example.com', subject: 'Link', message: 'Again' },
				{ referer: 'https://elsewhere.example/page' },
			),
			submissionContext(database),
		)
		expect(answerOf(foreign).status).toBe(200)
		const [other] = await database.db.select().from(contactMessages).where(eq(contactMessages.email, 'mo2@example.com'))
		expect(other?.page_path).toBeNull()
	})
})
