import type { BrowserContext, Page } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import { postsCopy } from '#app/content/posts.ts'
import { openDatabase } from '#app/db/client.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { outboxDefaults } from '#app/features/notifications/outbox.server.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	fillPostBody,
	type Person,
	postAndFollow,
	postEditorForm,
	rawRequest,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { startSmtpServer } from '../support/smtp-server.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const copy = newsletterSendsCopy
const editor = postsCopy.editor
const POSTAL_ADDRESS = 'Domain Rebels, 1 Harbour Street, Dublin'

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>

test.describe('emailing posts to subscribers', () => {
	let smtp: Smtp
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(120_000)
		smtp = await startSmtpServer()
		;[site, withJs, withoutJs] = await Promise.all([
			startConsoleServer({ env: { SMTP_URL: smtp.url, POSTAL_ADDRESS, NEWSLETTER_RATE_PER_MINUTE: '60000' } }),
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		const first = await createFirstOperator(site, ada)
		cookie = first.cookie
		await shareSession(first, withJs, withoutJs)
		// Two readers who confirmed their address, one who never did.
		for (const email of ['nora@example.com', 'ned@example.com', 'quiet@example.com']) {
			const page = await withoutJs.newPage()
			await page.goto(`${site.url}/newsletter`)
			await page.getByLabel(newsletterCopy.labels.email).fill(email)
			await page.getByRole('button', { name: newsletterCopy.submit }).click()
			await page.getByText(newsletterCopy.success).waitFor()
			await expect.poll(() => smtp.mails.some((mail) => mail.to.includes(email))).toBe(true)
			if (email !== 'quiet@example.com') {
				const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(smtp.textTo(email))?.[0] ?? ''
				await page.goto(`${site.url}${new URL(link).pathname}${new URL(link).search}`)
				await page.getByRole('button', { name: newsletterCopy.confirm.confirmButton }).click()
				await page.getByRole('heading', { name: newsletterCopy.confirm.doneHeading }).waitFor()
			}
			await page.close()
		}
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
		await site?.server.stop()
		await smtp?.close()
	})

	const issuesTo = (email: string, subject: string) =>
		smtp.mails.filter((mail) => mail.to.includes(email) && smtp.header(mail, 'Subject') === subject)

	async function newPost(page: Page, title: string, body: string, javaScript = true) {
		await page.goto(`${site.url}${consolePaths.newPost}`)
		await page.getByRole('heading', { level: 1, name: editor.newTitle }).waitFor()
		await page.getByLabel(editor.fields.title, { exact: true }).fill(title)
		await fillPostBody(page, body, javaScript)
	}

	test('publishes and emails a post with JavaScript: preview, a test to the operator, then the send after asking', async () => {
		test.setTimeout(180_000)
		const page = await withJs.newPage()
		await page.goto(`${site.url}${consolePaths.newPost}`)
		await waitForHydration(page)
		await page.locator('.cm-content').waitFor()
		await newPost(page, 'Parked domains that earn', 'Hello **readers**.\n\nA [pricing link](/pricing).')
		await page.getByRole('button', { name: copy.editor.publishAndEmail }).click()

		await page.getByRole('heading', { level: 1, name: copy.email.heading }).waitFor()
		await waitForHydration(page)
		expect(await accessibilityViolations(page)).toEqual([])
		await page.getByText(copy.email.textVersion).click()
		await expect(page.getByText(`Read on the site: ${site.url}/blog/parked-domains-that-earn`)).toBeVisible()
		const [preview] = await Promise.all([
			withJs.waitForEvent('page'),
			page.getByRole('link', { name: copy.email.openPreview }).click(),
		])
		await expect(preview.getByRole('heading', { level: 1, name: 'Parked domains that earn' })).toBeVisible()
		await expect(preview.getByText(POSTAL_ADDRESS)).toBeVisible()
		await expect(preview.getByRole('link', { name: 'pricing link' })).toHaveAttribute('href', `${site.url}/pricing`)
		await preview.close()

		await page.getByRole('button', { name: copy.email.test }).click()
		await expect(page.getByText(copy.email.testSent(ada.email))).toBeVisible()
		await expect.poll(() => issuesTo(ada.email, '[Test] Parked domains that earn').length).toBe(1)
		const tests = smtp.mails.filter((mail) => smtp.header(mail, 'Subject')?.startsWith('[Test]'))
		expect(tests.map((mail) => mail.to)).toEqual([[ada.email]])

		await page.getByText(copy.email.send(2)).click()
		await expect(page.getByText(copy.email.question(2, 'Parked domains that earn'))).toBeVisible()
		await page.getByRole('button', { name: copy.email.confirm }).click()
		await page.getByRole('heading', { level: 1, name: copy.report.title('Parked domains that earn') }).waitFor()
		// The report asks again while the send runs.
		await expect(page.getByRole('heading', { level: 2, name: copy.statuses.finished })).toBeVisible({ timeout: 30_000 })
		await expect(page.getByRole('row').filter({ hasText: 'nora@example.com' })).toContainText(
			copy.recipientStatuses.delivered,
		)
		for (const email of ['nora@example.com', 'ned@example.com']) {
			expect(issuesTo(email, 'Parked domains that earn')).toHaveLength(1)
		}
		expect(issuesTo('quiet@example.com', 'Parked domains that earn')).toEqual([])
		const mail = issuesTo('nora@example.com', 'Parked domains that earn')[0]
		if (!mail) throw new Error('no issue for nora')
		expect(smtp.header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
		expect(smtp.header(mail, 'List-Unsubscribe')).toMatch(/\/newsletter\/unsubscribe\?token=/)
		expect(mail.raw).toMatch(/Content-Type: text\/html/i)
		expect(await accessibilityViolations(page)).toEqual([])

		// A post goes out once: its editor now links to the report.
		await page.getByRole('link', { name: copy.report.postLink }).click()
		await page.getByRole('link', { name: copy.editor.emailed }).click()
		await page.getByRole('heading', { level: 1, name: copy.report.title('Parked domains that earn') }).waitFor()
		await page.close()
	})

	test('emails a published post without JavaScript, each step a page of its own, lists the send and refuses it twice', async () => {
		test.setTimeout(120_000)
		const page = await withoutJs.newPage()
		await newPost(page, 'A letter without scripts', 'Plain words.', false)
		await page.getByRole('button', { name: editor.publish, exact: true }).click()
		await page.getByText(postsCopy.messages.published).waitFor()
		await page.getByRole('link', { name: copy.editor.emailSubscribers }).click()
		await page.getByRole('heading', { level: 1, name: copy.email.heading }).waitFor()
		const emailPage = page.url()
		await page.getByText(copy.email.send(2)).click()
		await page.getByRole('button', { name: copy.email.confirm }).click()
		await page.getByRole('heading', { level: 1, name: copy.report.title('A letter without scripts') }).waitFor()
		await expect.poll(() => issuesTo('ned@example.com', 'A letter without scripts').length).toBe(1)
		await expect
			.poll(async () => {
				await page.reload()
				return page.getByRole('heading', { level: 2, name: copy.statuses.finished }).count()
			})
			.toBe(1)
		const html = (await rawRequest(page.url(), { cookie })).body
		expect(await htmlErrors([{ name: 'a newsletter send report', html }])).toEqual([])

		await page.getByRole('link', { name: copy.report.back }).click()
		const rows = page.getByRole('row')
		await expect(rows.filter({ hasText: 'A letter without scripts' })).toContainText(copy.statuses.finished)

		// The same post again is refused, and says so; nobody gets it twice.
		const again = await rawRequest(`${emailPage}?intent=send`, {
			cookie,
			form: { [CSRF_FIELD]: await csrfToken(site, cookie), confirm: 'yes' },
		})
		expect([again.status, again.body.includes(copy.email.alreadySent)]).toEqual([409, true])
		expect(issuesTo('ned@example.com', 'A letter without scripts')).toHaveLength(1)
		await page.close()
	})

	test('lets a reader unsubscribe with one click from the email, and come back with one more', async () => {
		const link = smtp.unsubscribeLink('ned@example.com') ?? ''
		const target = `${site.url}${new URL(link).pathname}${new URL(link).search}`
		const page = await withoutJs.newPage()
		await page.goto(target)
		await page.getByRole('button', { name: newsletterCopy.unsubscribe.confirmButton }).click()
		await page.getByRole('heading', { name: newsletterCopy.unsubscribe.doneHeading }).waitFor()
		await page.getByRole('button', { name: newsletterCopy.unsubscribe.resubscribeButton }).click()
		await page.getByRole('heading', { name: newsletterCopy.unsubscribe.resubscribedHeading }).waitFor()
		// A mail app's one-click unsubscribe (RFC 8058) is a form post of its own, with no page in between.
		const oneClick = await rawRequest(target, { form: { 'List-Unsubscribe': 'One-Click' } })
		expect(oneClick.status).toBe(200)
		await page.close()
	})

	test('answers an unknown post or send with a 404, and shows a signed-out visitor no send', async () => {
		expect((await rawRequest(`${site.url}${consolePaths.newsletterSend(999_999)}`, { cookie })).status).toBe(404)
		expect((await rawRequest(`${site.url}${consolePaths.postEmail(999_999)}`, { cookie })).status).toBe(404)
		for (const path of [consolePaths.newsletterSends, consolePaths.postEmailPreview(1)]) {
			const signedOut = await rawRequest(`${site.url}${path}`)
			expect(signedOut.status).not.toBe(200)
			expect(signedOut.body).not.toContain('Parked domains that earn')
		}
	})
})

test.describe('a send that survives kill -9', () => {
	test('delivers one email (one Message-ID) to each of 5,000 subscribers across a crash and a restart, again only what was in flight', async () => {
		test.setTimeout(300_000)
		const smtp = await startSmtpServer()
		const env = { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '60000' }
		const site = await startConsoleServer({ env })
		let second: RunningServer | undefined
		try {
			const cookie = (await createFirstOperator(site, ada)).cookie
			const token = await csrfToken(site, cookie)
			const created = await postAndFollow(
				`${site.url}${consolePaths.newPost}`,
				cookie,
				postEditorForm(token, { title: 'Five thousand readers', body: 'One email each.', intent: 'publish' }),
			)
			const postPath = new URL(created.posted.location ?? '', site.url).pathname
			expect(postPath).toMatch(/^\/admin\/posts\/\d+$/)

			// The subscribers are written straight into the stopped site's database.
			await site.server.stop()
			const database = await openDatabase({ dataDir: site.server.dataDir })
			await database.db.execute(
				sql`INSERT INTO newsletter_subscribers (email, status, confirmed_at)
					SELECT 'reader' || n || '@example.com', 'active', now() FROM generate_series(1, 5000) AS n`,
			)
			await database.close()
			const port = new URL(site.url).port
			const first = await startServer({ dataDir: site.server.dataDir, env: { ...env, SITE_URL: site.url, PORT: port } })
			const send = await postAndFollow(`${site.url}${postPath}/email?intent=send`, cookie, {
				[CSRF_FIELD]: token,
				confirm: 'yes',
			})
			expect(send.posted.status).toBe(303)

			await expect.poll(() => smtp.mails.length, { timeout: 120_000, intervals: [50] }).toBeGreaterThan(1_000)
			await first.stop('SIGKILL')
			const atKill = smtp.mails.length
			expect(atKill).toBeLessThan(5_000)

			second = await startServer({ dataDir: site.server.dataDir, env: { ...env, SITE_URL: site.url, PORT: port } })
			const recipients = () => new Set(smtp.mails.flatMap((mail) => mail.to)).size
			// Messages the killed process held are due again as the embedded database's one process restarts.
			await expect.poll(recipients, { timeout: 180_000, intervals: [1_000] }).toBe(5_000)

			const ids = new Map<string, Set<string>>()
			for (const mail of smtp.mails) {
				for (const to of mail.to) {
					const seen = ids.get(to) ?? new Set<string>()
					seen.add(smtp.header(mail, 'Message-ID') ?? '')
					ids.set(to, seen)
				}
			}
			expect([...ids.values()].filter((seen) => seen.size !== 1)).toEqual([])
			expect(ids.size).toBe(5_000)
			// Only a copy the mail server took in the instant before the kill, before its row said so, goes twice.
			expect(smtp.mails.length - 5_000).toBeLessThanOrEqual(outboxDefaults.issueBatchSize)
		} finally {
			await second?.stop()
			await smtp.close()
		}
	})
})
