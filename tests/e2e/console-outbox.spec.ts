import type { BrowserContext, Page } from '@playwright/test'
import { auditDetailSentence } from '#app/content/audit-sentences.ts'
import { auditActions, outboxCopy, sendingOffCopy, signInCopy } from '#app/content/console.ts'
import { outboxErrorSentence } from '#app/content/outbox-sentences.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	type Person,
	postAndFollow,
	rawRequest,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { startWebhookReceiver } from '../support/webhook-receiver.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

const waitFor = (check: () => boolean | Promise<boolean>, what: string) =>
	expect.poll(check, { timeout: 30_000, intervals: [100], message: `waiting for ${what}` }).toBe(true)

test.describe('the outbox panel', () => {
	let chat: Awaited<ReturnType<typeof startWebhookReceiver>>
	let site: ConsoleServer
	let context: BrowserContext
	let page: Page
	let cookie: string
	/** The message the first test retried and saw delivered. */
	let deliveredId = ''

	test.beforeAll(async ({ browser }) => {
		chat = await startWebhookReceiver()
		;[site, context] = await Promise.all([
			startConsoleServer({ env: { CHAT_WEBHOOK_URL: `${chat.url}/chat`, RATE_LIMIT_MAX: '100' } }),
			openBrowser(browser),
		])
		cookie = (await createFirstOperator(site, ada)).cookie
		page = await context.newPage()
	})
	test.afterAll(async () => {
		await page?.close()
		await context?.close()
		await site?.server.stop()
		await chat?.close()
	})

	/** A waitlist signup, as its form posts it; the chat hears about it through the outbox. */
	async function sendLead(name: string) {
		const response = await fetch(`${site.url}/community-interest`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
			body: new URLSearchParams({ name, email: 'lead@example.com' }),
		})
		expect(response.status).toBe(200)
	}

	/** Reloads the panel and reads the row about `name` (none once it is delivered). */
	async function rowAbout(name: string) {
		await page.reload()
		await waitForHydration(page)
		const row = page.getByRole('row').filter({ hasText: name })
		return (await row.count()) === 0 ? null : ((await row.textContent()) ?? '')
	}

	test('shows a message the chat refused, with its error; Retry now sends it, and the audit log says who', async () => {
		test.setTimeout(120_000)
		chat.setStatus(400)
		await sendLead('Olive Outbox')

		await page.goto(`${site.url}/admin/outbox`)
		await page.waitForURL(`${site.url}/admin?next=${encodeURIComponent('/admin/outbox')}`)
		await waitForHydration(page)
		const form = page.getByRole('form', { name: signInCopy.heading })
		await form.getByLabel(signInCopy.email).fill(ada.email)
		await form.getByLabel(signInCopy.password, { exact: true }).fill(ada.password)
		await form.getByRole('button', { name: signInCopy.submit }).click()
		await page.waitForURL(`${site.url}/admin/outbox`)
		await page.getByRole('heading', { level: 1, name: outboxCopy.heading }).waitFor()
		// This site has no SMTP_URL: the panel says that no email goes out, and how to change it.
		await expect(page.getByRole('note').filter({ hasText: sendingOffCopy.heading })).toContainText('Set SMTP_URL')

		// A 4xx fails the message at once: no retry is due.
		await waitFor(async () => (await rowAbout('Olive Outbox'))?.includes(outboxCopy.statuses.failed) ?? false, 'failed')
		const row = page.getByRole('row').filter({ hasText: 'Olive Outbox' })
		await row.getByRole('cell', { name: outboxErrorSentence('chat', 'HTTP 400'), exact: true }).waitFor()
		await row.getByRole('cell', { name: outboxCopy.channels.chat, exact: true }).waitFor()
		const id = /#(\d+)/.exec((await row.getByRole('rowheader').textContent()) ?? '')?.[1] ?? ''
		expect(id).toMatch(/^\d+$/)
		deliveredId = id
		await page.getByRole('button', { name: outboxCopy.retryAll }).waitFor()
		for (const [name, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect([name, await accessibilityViolations(page)]).toEqual([name, []])
		}
		await page.setViewportSize(viewports.desktop)
		const html = (await rawRequest(`${site.url}/admin/outbox`, { cookie })).body
		expect(await htmlErrors([{ name: '/admin/outbox with a failed message', html }])).toEqual([])

		chat.setStatus(200)
		await row.getByRole('button', { name: `${outboxCopy.retry}: #${id}` }).click()
		await page
			.getByText(outboxCopy.retried(Number(id)))
			.first()
			.waitFor()
		await waitFor(async () => (await rowAbout('Olive Outbox')) === null, 'the message to leave the outbox')
		await page.getByText(outboxCopy.none).waitFor()
		expect(chat.received.map((request) => request.body.name)).toEqual(['Olive Outbox'])

		await page.goto(`${site.url}/admin/audit-log?action=notification.retried`)
		await waitForHydration(page)
		const entry = page.getByRole('row').filter({ hasText: auditActions['notification.retried'] })
		await entry.filter({ hasText: ada.email }).getByRole('cell', { name: id, exact: true }).waitFor()
	})

	test('answers a retry of a delivered or unknown message with 409 or 404, and retries all failed without JavaScript', async () => {
		const token = await csrfToken(site, cookie)
		const retry = (id: string) =>
			rawRequest(`${site.url}/admin/outbox?intent=retry`, { cookie, form: { [CSRF_FIELD]: token, id } })
		chat.setStatus(400)
		await sendLead('Nora Nojs')
		await waitFor(
			async () =>
				(await rawRequest(`${site.url}/admin/outbox`, { cookie })).body.includes(
					outboxErrorSentence('chat', 'HTTP 400'),
				),
			'failed',
		)
		chat.setStatus(200)
		// Without JavaScript the post answers 303 to the outbox, which shows what it did once (Post/Redirect/Get).
		const all = await postAndFollow(`${site.url}/admin/outbox?intent=retry-all`, cookie, { [CSRF_FIELD]: token })
		expect([all.posted.status, all.posted.location]).toEqual([303, '/admin/outbox'])
		expect(all.page.body).toContain(outboxCopy.retriedAll(1))
		await waitFor(() => chat.received.some((request) => request.body.name === 'Nora Nojs'), 'the delivery')
		const none = await postAndFollow(`${site.url}/admin/outbox?intent=retry-all`, cookie, { [CSRF_FIELD]: token })
		expect([none.page.status, none.page.body.includes(outboxCopy.noneFailed)]).toEqual([200, true])

		const log = await rawRequest(`${site.url}/admin/audit-log?action=notification.retried_all`, { cookie })
		expect(log.body).toContain(auditDetailSentence('notification.retried_all', { count: 1 }))
		expect(log.body).toContain(auditDetailSentence('notification.retried_all', { count: 0 }))

		// The first test's message, delivered by now.
		expect(deliveredId).toMatch(/^\d+$/)
		const again = await retry(deliveredId)
		expect([again.status, again.body.includes(outboxCopy.delivered)]).toEqual([409, true])
		const unknown = await retry('999999')
		expect([unknown.status, unknown.body.includes(outboxCopy.unknown)]).toEqual([404, true])
		const data = await rawRequest(`${site.url}/admin/outbox.data?intent=retry`, {
			cookie,
			form: { [CSRF_FIELD]: token, id: deliveredId },
		})
		expect(data.status).toBe(409)
	})
})
