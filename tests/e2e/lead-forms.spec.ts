import type { Page } from '@playwright/test'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { waitlistCopy } from '#app/content/waitlist.ts'
import { generateWebhookSecret, verifyWebhook } from '#app/features/notifications/webhook-signature.server.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { browsersWithAndWithoutJavaScript, gotoHydrated, viewports } from '../support/browser.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { startSmtpServer } from '../support/smtp-server.ts'
import { startWebhookReceiver } from '../support/webhook-receiver.ts'

const ADMIN_TOKEN = 'e2e-admin-token-0123456789'
const WEBHOOK_SECRET = generateWebhookSecret()

const waitFor = (check: () => boolean, what: string) =>
	expect.poll(check, { timeout: 30_000, intervals: [100], message: `waiting for ${what}` }).toBe(true)

async function exportCsv(server: RunningServer, table: string) {
	const response = await fetch(`${server.url}/admin/export/${table}.csv`, {
		headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
	})
	expect(response.status).toBe(200)
	return response.text()
}

test.describe('lead forms in Chromium', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let chat: Awaited<ReturnType<typeof startWebhookReceiver>>
	const browsers = browsersWithAndWithoutJavaScript()

	test.beforeAll(async () => {
		smtp = await startSmtpServer()
		chat = await startWebhookReceiver()
		server = await startServer({
			env: {
				ADMIN_TOKEN,
				SMTP_URL: smtp.url,
				CHAT_WEBHOOK_URL: `${chat.url}/chat`,
				WEBHOOK_SECRET,
				RATE_LIMIT_MAX: '1000',
			},
		})
	})
	test.afterAll(async () => {
		await server?.stop()
		await smtp?.close()
		await chat?.close()
	})

	test.describe('with JavaScript', () => {
		test('sends a contact message without a reload and shows a toast; shows each field error', async () => {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/contact`)
			await page.evaluate(() => {
				;(window as { notReloaded?: boolean }).notReloaded = true
			})
			const form = page.getByRole('form', { name: 'Contact form' })
			await form.getByRole('button', { name: contactFormCopy.submit }).click()
			for (const message of [
				validationMessages.name,
				validationMessages.email,
				validationMessages.subject,
				validationMessages.message,
			]) {
				await form.getByText(message).waitFor()
			}
			await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')

			await form.getByLabel('Name').fill('Jay JS')
			await form.getByLabel('Email').fill('jay@example.com')
			await form.getByLabel('Subject').fill('Pricing')
			await form.getByLabel('Message').fill('Which plan fits 40 domains?')
			await form.getByRole('button', { name: contactFormCopy.submit }).click()
			await page.getByText(contactFormCopy.success).waitFor()
			await expect(form.getByLabel('Name')).toHaveValue('')
			await expect(form.getByText(validationMessages.name)).toHaveCount(0)
			expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
			expect(await exportCsv(server, 'contact_messages')).toContain('Jay JS,jay@example.com,Pricing')
			await page.close()
		})

		test('shows the contact form exception message when the request fails', async () => {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/contact`)
			// Only the submission fails; the page's own data still loads.
			await page.route('**/contact.data**', (route) =>
				route.request().method() === 'POST' ? route.abort() : route.continue(),
			)
			const form = page.getByRole('form', { name: 'Contact form' })
			await form.getByLabel('Name').fill('Offline')
			await form.getByLabel('Email').fill('off@example.com')
			await form.getByLabel('Subject').fill('s')
			await form.getByLabel('Message').fill('m')
			await form.getByRole('button', { name: contactFormCopy.submit }).click()
			await page.getByText(contactFormCopy.exception).waitFor()
			await expect(form.getByLabel('Name')).toHaveValue('Offline')
			await page.close()
		})

		test('joins the waitlist with a toast and shows field errors', async () => {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/community-interest`)
			const form = page.getByRole('form', { name: 'Domains Anonymous waitlist' })
			await form.getByLabel('Email').fill('not an email')
			await form.getByRole('button', { name: waitlistCopy.submit }).click()
			await form.getByText(validationMessages.name).waitFor()
			await form.getByText(validationMessages.email).waitFor()
			await form.getByLabel('Name').fill('Wanda Waitlist')
			await form.getByLabel('Email').fill('wanda@example.com')
			await form.getByRole('button', { name: waitlistCopy.submit }).click()
			await page.getByText(waitlistCopy.success).waitFor()
			const csv = await exportCsv(server, 'community_waitlist')
			expect(csv).toContain('Wanda Waitlist,wanda@example.com,community-interest-page,pending')
			await page.close()
		})

		test('runs the beta dialog through idle, submitting, error, success and back to idle, trapping focus', async () => {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/contact`)
			const trigger = page.getByRole('button', { name: betaCopy.triggerLabel })
			// The dialog hands the focus back in a task of its own after it has left the page.
			const triggerFocused = () => trigger.evaluate((el) => el === document.activeElement)
			await trigger.click()
			const dialog = page.getByRole('dialog', { name: betaCopy.title })
			await dialog.waitFor()

			for (let i = 0; i < 12; i++) {
				await page.keyboard.press('Tab')
				expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
			}
			await page.keyboard.press('Escape')
			await dialog.waitFor({ state: 'detached' })
			await expect.poll(triggerFocused, { timeout: 10_000 }).toBe(true)

			await trigger.click()
			await dialog.getByRole('button', { name: betaCopy.submit }).click()
			await dialog.getByText(validationMessages.fullName).waitFor()
			await dialog.getByText(validationMessages.domainCount).waitFor()
			await dialog.getByText(validationMessages.whyInterested).waitFor()

			await dialog.getByLabel(betaCopy.labels.full_name).fill('Bea Beta')
			await dialog.getByLabel(betaCopy.labels.email).fill('bea@example.com')
			await dialog.getByLabel(betaCopy.labels.domain_count).fill('120')
			await dialog.getByLabel(betaCopy.labels.why_interested).fill('Warm my best 10')

			await page.route('**/beta-application.data**', (route) => route.abort())
			await dialog.getByRole('button', { name: betaCopy.submit }).click()
			await dialog.getByRole('alert').getByText(betaCopy.failure).waitFor()
			expect(await dialog.getByLabel(betaCopy.labels.full_name).isEditable()).toBe(true)
			await expect(dialog.getByLabel(betaCopy.labels.full_name)).toHaveValue('Bea Beta')
			await page.unroute('**/beta-application.data**')

			let release = () => {}
			const held = new Promise<void>((resolve) => {
				release = resolve
			})
			await page.route('**/beta-application.data**', async (route) => {
				await held
				await route.continue()
			})
			await dialog.getByRole('button', { name: betaCopy.submit }).click()
			const submitting = dialog.getByRole('button', { name: betaCopy.submitting })
			await submitting.waitFor()
			await expect(submitting).toBeDisabled()
			await expect(dialog.getByRole('button', { name: betaCopy.cancel })).toBeDisabled()
			release()

			await dialog.getByRole('heading', { name: betaCopy.successTitle }).waitFor()
			await dialog.getByText(betaCopy.successNote).waitFor()
			await dialog.waitFor({ state: 'detached', timeout: 5_000 })
			await expect.poll(triggerFocused, { timeout: 10_000 }).toBe(true)

			await trigger.click()
			await dialog.getByRole('button', { name: betaCopy.submit }).waitFor()
			await expect(dialog.getByLabel(betaCopy.labels.full_name)).toHaveValue('')
			await page.keyboard.press('Escape')

			const csv = await exportCsv(server, 'beta_applications')
			expect(csv).toMatch(/Bea Beta,bea@example\.com,,120,,Warm my best 10,/)
			await waitFor(() => chat.received.some((r) => r.body.email === 'bea@example.com'), 'the chat webhook')
			const webhook = chat.received.find((r) => r.body.email === 'bea@example.com')
			expect(webhook?.body).toMatchObject({ name: 'Bea Beta', domain_count: 120, company: null })
			expect(verifyWebhook(WEBHOOK_SECRET, webhook?.headers ?? {}, webhook?.raw ?? '')).toEqual({ valid: true })
			await page.close()
		})

		test('shows the newsletter outcomes: empty, subscribed, already subscribed, resubscribed', async () => {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/newsletter`)
			const form = page.getByRole('form', { name: 'Newsletter signup' })
			const submit = form.getByRole('button', { name: newsletterCopy.submit })
			await submit.click()
			await form.getByText(validationMessages.newsletterEmail).waitFor()

			await form.getByLabel(newsletterCopy.labels.email).fill('nora@example.com')
			await submit.click()
			await page.getByText(newsletterCopy.success).waitFor()

			await form.getByLabel(newsletterCopy.labels.email).fill(' NORA@example.com ')
			await submit.click()
			await page.getByText(newsletterCopy.alreadySubscribed).waitFor()

			// Double opt-in: the email's link confirms the sign-up, after a click on the page it opens.
			const confirmLink = () =>
				/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(smtp.textTo('nora@example.com'))?.[0]
			await waitFor(() => confirmLink() !== undefined, 'the confirmation email')
			const confirmUrl = new URL(confirmLink() ?? '')
			const confirm = await browsers.withoutJs.newPage()
			await confirm.goto(`${server.url}${confirmUrl.pathname}${confirmUrl.search}`)
			await confirm.getByRole('button', { name: newsletterCopy.confirm.confirmButton }).click()
			await confirm.getByRole('heading', { name: newsletterCopy.confirm.doneHeading }).waitFor()
			const broken = await confirm.goto(
				`${server.url}${confirmUrl.pathname}?token=${confirmUrl.searchParams.get('token')}x`,
			)
			expect(broken?.status()).toBe(400)
			await confirm.getByRole('heading', { name: newsletterCopy.confirm.invalidHeading }).waitFor()
			await confirm.close()

			const link = new URL(smtp.unsubscribeLink('nora@example.com') ?? '')
			const unsubscribe = await gotoHydrated(browsers.withJs, `${server.url}${link.pathname}${link.search}`)
			await unsubscribe.getByRole('button', { name: newsletterCopy.unsubscribe.confirmButton }).click()
			await unsubscribe.getByRole('heading', { name: newsletterCopy.unsubscribe.doneHeading }).waitFor()
			await unsubscribe.close()

			await form.getByLabel(newsletterCopy.labels.email).fill('nora@example.com')
			await submit.click()
			await page.getByText(newsletterCopy.resubscribed).waitFor()
			await page.close()
		})
	})

	test.describe('without JavaScript', () => {
		test('posts the contact form and shows the result or the field errors on the page', async () => {
			const page = await browsers.withoutJs.newPage()
			await page.goto(`${server.url}/contact`)
			const form = page.getByRole('form', { name: 'Contact form' })
			await form.getByLabel('Name').fill('Nick NoJS')
			await form.getByRole('button', { name: contactFormCopy.submit }).click()
			await page.waitForLoadState()
			await form.getByText(validationMessages.email).waitFor()
			await expect(form.getByRole('alert')).toHaveCount(0)
			await expect(form.getByLabel('Name')).toHaveValue('Nick NoJS')

			await form.getByLabel('Email').fill('nick@example.com')
			await form.getByLabel('Subject').fill('Quotes "and" commas, too')
			await form.getByLabel('Message').fill('Line one\nLine two ✓')
			await form.getByRole('button', { name: contactFormCopy.submit }).click()
			await page.getByRole('status').getByText(contactFormCopy.success).waitFor()
			// Browsers send a textarea's line breaks as CRLF: that is what was submitted.
			expect(await exportCsv(server, 'contact_messages')).toContain(
				'Nick NoJS,nick@example.com,"Quotes ""and"" commas, too","Line one\r\nLine two ✓",unread',
			)
			await page.close()
		})

		test('posts the waitlist form', async () => {
			const page = await browsers.withoutJs.newPage()
			await page.goto(`${server.url}/community-interest`)
			const form = page.getByRole('form', { name: 'Domains Anonymous waitlist' })
			await form.getByRole('button', { name: waitlistCopy.submit }).click()
			await form.getByText(validationMessages.name).waitFor()
			await form.getByLabel('Name').fill('Nadia')
			await form.getByLabel('Email').fill('nadia@example.com')
			await form.getByRole('button', { name: waitlistCopy.submit }).click()
			await page.getByRole('status').getByText(waitlistCopy.success).waitFor()
			await page.close()
		})

		test('leads from the beta trigger to the application page, which posts and confirms', async () => {
			const page = await browsers.withoutJs.newPage()
			await page.goto(`${server.url}/contact`)
			await page.getByRole('link', { name: betaCopy.triggerLabel }).click()
			expect(new URL(page.url()).pathname).toBe(betaCopy.page.path)
			await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
			const form = page.getByRole('form', { name: 'Beta application' })
			await form.getByLabel(betaCopy.labels.full_name).fill('Nate')
			await form.getByLabel(betaCopy.labels.domain_count).fill('0')
			await form.getByRole('button', { name: betaCopy.submit }).click()
			await page.getByText(validationMessages.domainCount).waitFor()
			await expect(page.getByRole('alert')).toHaveCount(0)
			await form.getByLabel(betaCopy.labels.email).fill('nate@example.com')
			await form.getByLabel(betaCopy.labels.domain_count).fill('7')
			await form.getByLabel(betaCopy.labels.company_name).fill('Nate Names LLC')
			await form.getByLabel(betaCopy.labels.why_interested).fill('Backlinks')
			await form.getByRole('button', { name: betaCopy.submit }).click()
			await page.getByRole('heading', { name: betaCopy.successTitle }).waitFor()
			expect(await exportCsv(server, 'beta_applications')).toMatch(
				/Nate,nate@example\.com,Nate Names LLC,7,,Backlinks,/,
			)
			await page.close()
		})

		test('shows the newsletter outcomes on the newsletter page', async () => {
			const page = await browsers.withoutJs.newPage()
			await page.goto(`${server.url}/newsletter`)
			const form = page.getByRole('form', { name: 'Newsletter signup' })
			const submit = form.getByRole('button', { name: newsletterCopy.submit })
			await submit.click()
			await form.getByText(validationMessages.newsletterEmail).waitFor()
			await form.getByLabel(newsletterCopy.labels.email).fill('ned@example.com')
			await submit.click()
			await page.getByRole('status').getByText(newsletterCopy.success).waitFor()
			await form.getByLabel(newsletterCopy.labels.email).fill('Ned@Example.com')
			await submit.click()
			await page.getByRole('alert').getByText(newsletterCopy.alreadySubscribed).waitFor()

			await waitFor(() => smtp.unsubscribeLink('ned@example.com') !== null, 'the confirmation email')
			const link = new URL(smtp.unsubscribeLink('ned@example.com') ?? '')
			const oneClick = await fetch(`${server.url}${link.pathname}${link.search}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: 'List-Unsubscribe=One-Click',
			})
			expect(oneClick.status).toBe(200)

			await page.goto(`${server.url}/newsletter`)
			await form.getByLabel(newsletterCopy.labels.email).fill('ned@example.com')
			await submit.click()
			await page.getByRole('status').getByText(newsletterCopy.resubscribed).waitFor()
			await page.close()
		})

		test('answers a forged unsubscribe token with a clear 400 page', async () => {
			const response = await fetch(`${server.url}${newsletterCopy.unsubscribe.path}?token=1.forged`)
			expect(response.status).toBe(400)
			expect(await response.text()).toContain(newsletterCopy.unsubscribe.invalidHeading)
		})
	})

	for (const [_name, viewport] of Object.entries(viewports)) {
		test(`has no accessibility violations on the lead pages (${_name})`, async () => {
			const page: Page = await browsers.withJs.newPage()
			await page.setViewportSize(viewport)
			for (const path of ['/contact', '/community-interest', betaCopy.page.path, newsletterCopy.page.path]) {
				await page.goto(`${server.url}${path}`)
				expect([path, await accessibilityViolations(page)]).toEqual([path, []])
			}
			await page.goto(`${server.url}/contact`)
			await page.getByRole('button', { name: betaCopy.triggerLabel }).click()
			await page.getByRole('dialog').waitFor()
			expect(await accessibilityViolations(page)).toEqual([])
			await page.close()
		})
	}
})

test.describe('chat notifications across a restart', () => {
	test('arrive once each after the receiver was down and the server restarted', async () => {
		const down = await startWebhookReceiver()
		await down.close()
		const env = { CHAT_WEBHOOK_URL: `${down.url}/chat`, RATE_LIMIT_MAX: '100' }
		const first = await startServer({ env })
		const sendLead = async (server: RunningServer, name: string) => {
			const response = await fetch(`${server.url}/community-interest`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({ name, email: 'lead@example.com' }),
			})
			expect(response.status).toBe(200)
		}
		for (const name of ['First Lead', 'Second Lead']) await sendLead(first, name)
		await waitFor(() => (first.output().match(/will retry/g) ?? []).length >= 2, 'failed first attempts')
		expect(await first.stop()).toBe(0)

		const back = await startWebhookReceiver({ port: down.port })
		const second = await startServer({ dataDir: first.dataDir, env })
		try {
			await waitFor(() => back.received.length >= 2, 'deliveries after the restart')
			// A lead sent now goes out in a later delivery round than the first two, which would send them again
			// were they still due; stopping the server waits for that round to end.
			await sendLead(second, 'Later Lead')
			await waitFor(() => back.received.some((r) => r.body.name === 'Later Lead'), 'the later lead')
			expect(await second.stop()).toBe(0)
			expect(back.received.map((r) => r.body.name).sort()).toEqual(['First Lead', 'Later Lead', 'Second Lead'])
			expect(new Set(back.received.map((r) => r.headers['idempotency-key'])).size).toBe(3)
		} finally {
			expect(await second.stop()).toBe(0)
			await back.close()
		}
	})
})
