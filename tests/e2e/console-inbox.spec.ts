import fs from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'
import { auditActions, outboxCopy, sendingOffCopy } from '#app/content/console.ts'
import { inboxCopy, leadStatuses } from '#app/content/inbox.ts'
import { outboxErrorSentence } from '#app/content/outbox-sentences.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { sheetRows, unzip } from '#tests/support/zip.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	type Person,
	rawRequest,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { startWebhookReceiver } from '../support/webhook-receiver.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

const waitFor = (check: () => boolean | Promise<boolean>, what: string) =>
	expect.poll(check, { timeout: 30_000, intervals: [200], message: `waiting for ${what}` }).toBe(true)

/** A note as the lead's page lists it (its editor holds the same text). */
const noteShown = (page: Page, text: string) => page.locator('li > p', { hasText: new RegExp(`^${text}$`) })

test.describe('the inbox', () => {
	let chat: Awaited<ReturnType<typeof startWebhookReceiver>>
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(120_000)
		chat = await startWebhookReceiver()
		;[site, withJs, withoutJs] = await Promise.all([
			startConsoleServer({ env: { CHAT_WEBHOOK_URL: `${chat.url}/chat`, RATE_LIMIT_MAX: '200' } }),
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		const first = await createFirstOperator(site, ada)
		cookie = first.cookie
		await shareSession(first, withJs, withoutJs)
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
		await site?.server.stop()
		await chat?.close()
	})

	/** A form post as a visitor's browser sends it. */
	async function sendLead(path: string, fields: Record<string, string>) {
		const response = await fetch(`${site.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
			body: new URLSearchParams(fields),
		})
		expect([path, response.status]).toEqual([path, 200])
	}

	const contact = (name: string, email: string, message: string) =>
		sendLead('/contact', { name, email, subject: `Question from ${name}`, message })
	const beta = (name: string, email: string) =>
		sendLead('/beta-application', {
			full_name: name,
			email,
			company_name: '',
			domain_count: '12',
			current_solution: '',
			why_interested: 'Tired of parking pages',
		})

	const statusSection = (page: Page) =>
		page.locator('section', { has: page.getByRole('heading', { level: 2, name: inboxCopy.lead.status }) })

	async function openLead(page: Page, name: string) {
		await page.getByRole('link', { name, exact: true }).click()
		await page.getByRole('heading', { level: 1, name }).waitFor()
	}

	async function search(page: Page, words: string) {
		await page.getByLabel(inboxCopy.filters.search).fill(words)
		await page.getByRole('button', { name: inboxCopy.filters.apply }).click()
		await page.waitForURL((url) => url.searchParams.get('q') === words)
	}

	/** Reloads until the text shows, for what the server does in the background (the outbox). */
	async function reloadUntil(page: Page, text: string) {
		await waitFor(async () => {
			await page.reload()
			return (await page.getByText(text).count()) > 0
		}, text)
	}

	/** The rows of a table export the site serves a signed-in operator. */
	async function tableExports() {
		const tables = ['contact_messages', 'beta_applications', 'community_waitlist', 'newsletter_subscribers']
		const bodies = await Promise.all(
			tables.map((table) =>
				rawRequest(`${site.url}/admin/export/${table}.csv`, {
					cookie,
					headers: { 'sec-fetch-site': 'same-origin' },
				}),
			),
		)
		for (const body of bodies) expect(body.status).toBe(200)
		return bodies.map((body) => body.body).join('\n')
	}

	async function downloadExport(page: Page) {
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('link', { name: inboxCopy.export }).click(),
		])
		return fs.readFileSync((await download.path()) ?? '', 'utf8')
	}

	test('works a contact message and a beta application, retries a failed chat message, exports and erases, with JavaScript', async () => {
		test.setTimeout(240_000)
		chat.setStatus(400)
		await contact('Carla Contact', 'carla@example.com', 'We hold quince names and want them to earn')
		await beta('Bert Beta', 'bert@example.com')
		await sendLead('/newsletter', { email: 'Carla@example.com', name: 'Carla', source: 'blog_sidebar' })
		const page = await withJs.newPage()
		await page.goto(`${site.url}/admin/inbox`)
		await waitForHydration(page)
		expect(await accessibilityViolations(page)).toEqual([])
		// The count beside the inbox link opens the leads that need attention.
		await page.getByRole('link', { name: inboxCopy.attentionLabel(2) }).click()
		await expect(page.getByLabel(inboxCopy.filters.status)).toHaveValue('attention')
		await expect(page.getByRole('link', { name: 'Carla Contact', exact: true })).toBeVisible()

		await search(page, 'quince')
		await page.getByRole('link', { name: 'Carla Contact', exact: true }).waitFor()
		await expect(page.getByRole('link', { name: 'Bert Beta', exact: true })).toHaveCount(0)
		await openLead(page, 'Carla Contact')
		// Opening it read it.
		await statusSection(page).getByText(inboxCopy.statuses.read, { exact: true }).waitFor()
		await page.getByRole('link', { name: inboxCopy.attentionLabel(1) }).waitFor()
		await page.getByRole('textbox', { name: inboxCopy.lead.noteLabel }).fill('Call back on Monday')
		await page.getByRole('button', { name: inboxCopy.lead.addNote }).click()
		await noteShown(page, 'Call back on Monday').waitFor()
		// Its author changes it in place.
		await page.getByText(inboxCopy.lead.editNote, { exact: true }).click()
		await page.getByRole('textbox', { name: inboxCopy.lead.editNoteLabel }).fill('Call back on Tuesday')
		await page.getByRole('button', { name: inboxCopy.lead.saveNote }).click()
		await noteShown(page, 'Call back on Tuesday').waitFor()
		await expect(page.getByText(`(${inboxCopy.lead.edited})`)).toBeVisible()
		await page.getByRole('button', { name: 'Mark replied' }).click()
		await statusSection(page).getByText(inboxCopy.statuses.replied, { exact: true }).waitFor()
		await expect(page.getByRole('link', { name: inboxCopy.lead.reply })).toHaveAttribute(
			'href',
			`mailto:carla%40example.com?subject=${encodeURIComponent('Re: Question from Carla Contact')}`,
		)
		await page.getByRole('link', { name: inboxCopy.kinds.newsletter }).waitFor()
		// A toast fading in or out is measured mid-animation: check the page once they have gone.
		await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
		for (const [name, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect([name, await accessibilityViolations(page)]).toEqual([name, []])
		}
		await page.setViewportSize(viewports.desktop)
		const leadUrl = page.url()
		const html = (await rawRequest(leadUrl, { cookie })).body
		expect(await htmlErrors([{ name: 'a contact message', html }])).toEqual([])

		// The chat refused the message about Carla: the lead's page says so; a retry from the outbox delivers it.
		await reloadUntil(page, inboxCopy.lead.notification.failed)
		await page.getByText(outboxErrorSentence('chat', 'HTTP 400')).waitFor()
		chat.setStatus(200)
		await page.goto(`${site.url}/admin/outbox`)
		await waitForHydration(page)
		const row = page.getByRole('row').filter({ hasText: 'Carla Contact' })
		await row.getByRole('button', { name: new RegExp(`^${outboxCopy.retry}`) }).click()
		await page.goto(leadUrl)
		await reloadUntil(page, `${inboxCopy.lead.channels.chat}: ${inboxCopy.lead.notification.delivered.trim()}`)
		expect(chat.received.some((request) => request.body.name === 'Carla Contact')).toBe(true)

		// Back to the list it was opened from, filter and all.
		await page.getByRole('link', { name: inboxCopy.lead.back }).click()
		await page.getByRole('heading', { level: 1, name: inboxCopy.heading }).waitFor()
		await expect(page).toHaveURL(`${site.url}/admin/inbox?q=quince&status=attention`)
		await waitForHydration(page)
		await page.getByRole('link', { name: inboxCopy.filters.clear }).click()
		await openLead(page, 'Bert Beta')
		await page.getByRole('button', { name: 'Start review' }).click()
		await statusSection(page).getByText(inboxCopy.statuses.reviewing, { exact: true }).waitFor()
		await page.getByRole('button', { name: 'Accept' }).click()
		await statusSection(page).getByText(inboxCopy.statuses.accepted, { exact: true }).waitFor()
		await statusSection(page).getByText(inboxCopy.lead.noMoves).waitFor()

		// New leads arrive without a reload.
		await page.goto(`${site.url}/admin/inbox`)
		await waitForHydration(page)
		await page.evaluate(() => {
			;(window as { stayed?: boolean }).stayed = true
		})
		await contact('Lena Live', 'lena@example.com', 'Arrived while the inbox was open')
		await page.getByRole('link', { name: 'Lena Live', exact: true }).waitFor({ timeout: 15_000 })
		expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)

		await page.getByLabel(inboxCopy.filters.form).selectOption('contact')
		await page.getByRole('button', { name: inboxCopy.filters.apply }).click()
		await page.waitForURL((url) => url.searchParams.get('form') === 'contact')
		const csv = await downloadExport(page)
		// The UTF-8 byte-order mark comes first, for Excel on Windows.
		expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFform,id,created_at,status,name,email,/)
		expect(csv).toContain('Carla Contact')
		expect(csv).toContain('Lena Live')
		expect(csv).not.toContain('Bert Beta')
		const exported = csv.split('\r\n').filter(Boolean).length - 1
		// The same leads as an Excel workbook, every cell text as typed.
		const [workbook] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('link', { name: inboxCopy.exportWorkbook }).click(),
		])
		expect(workbook.suggestedFilename()).toMatch(/^inbox-\d{4}-\d{2}-\d{2}\.xlsx$/)
		const sheet =
			unzip(fs.readFileSync((await workbook.path()) ?? ''))
				.get('xl/worksheets/sheet1.xml')
				?.toString() ?? ''
		const cells = sheetRows(sheet)
		expect(cells[0]?.slice(0, 6)).toEqual(['form', 'id', 'created_at', 'status', 'name', 'email'])
		expect(cells).toHaveLength(exported + 1)
		expect(cells.map((row) => row[4])).toEqual(expect.arrayContaining(['Carla Contact', 'Lena Live']))
		expect(cells.map((row) => row[4])).not.toContain('Bert Beta')

		await page.goto(leadUrl)
		await waitForHydration(page)
		await page.getByRole('link', { name: inboxCopy.lead.erase }).click()
		await page.getByRole('heading', { level: 1, name: inboxCopy.erase.heading }).waitFor()
		await page.getByText(inboxCopy.erase.intro('carla@example.com')).waitFor()
		await page.getByText(`${inboxCopy.erase.leads(1)}: ${inboxCopy.kindsPlural.newsletter}`).waitFor()
		await page.getByText(inboxCopy.erase.notes(1), { exact: true }).waitFor()
		await page.getByRole('button', { name: inboxCopy.erase.confirm }).click()
		await page.waitForURL((url) => url.pathname === '/admin/inbox' && url.searchParams.has('erased'))
		await page.getByText(/^Erased \d+ rows/).waitFor()
		await search(page, 'carla@example.com')
		await page.getByText(inboxCopy.empty).waitFor()
		expect(await tableExports()).not.toMatch(/carla/i)

		await page.goto(`${site.url}/admin/audit-log`)
		for (const action of [
			'lead.status_changed',
			'lead.note_added',
			'notification.retried',
			'inbox.exported',
			'person.erased',
		] as const) {
			await page.getByRole('row').filter({ hasText: auditActions[action] }).first().waitFor()
		}
		// The export is told in words, with what it held.
		await expect(page.getByRole('row').filter({ hasText: auditActions['inbox.exported'] }).first()).toContainText(
			`Exported ${exported} contact messages.`,
		)
		expect(await page.content()).not.toMatch(/carla@example\.com/i)
		await page.close()
	})

	test('does the same without JavaScript: search, open, note, reply, review, bulk change, retry, export, erase', async () => {
		test.setTimeout(240_000)
		chat.setStatus(400)
		await contact('Nina Nojs', 'nina@example.com', 'Looking for tangerine domains')
		await beta('Otto Nojs', 'otto@example.com')
		await sendLead('/community-interest', { name: 'Wanda Nojs', email: 'wanda@example.com' })
		const page = await withoutJs.newPage()
		await page.goto(`${site.url}/admin/inbox`)
		await search(page, 'tangerine')
		await openLead(page, 'Nina Nojs')
		await statusSection(page).getByText(inboxCopy.statuses.read, { exact: true }).waitFor()
		await page.getByRole('textbox', { name: inboxCopy.lead.noteLabel }).fill('Sent the price list')
		await page.getByRole('button', { name: inboxCopy.lead.addNote }).click()
		await page.getByText(inboxCopy.lead.noteAdded).waitFor()
		await noteShown(page, 'Sent the price list').waitFor()
		// Post/Redirect/Get: the browser is on the lead's own address (with the list's search it was opened from), and
		// reloading it adds nothing and says nothing.
		expect(new URL(page.url()).search).toBe('?q=tangerine')
		await page.reload()
		await noteShown(page, 'Sent the price list').waitFor()
		await expect(noteShown(page, 'Sent the price list')).toHaveCount(1)
		await expect(page.getByText(inboxCopy.lead.noteAdded)).toHaveCount(0)
		// Its author deletes it, without JavaScript too; a reload deletes nothing more.
		await page.getByText(inboxCopy.lead.editNote, { exact: true }).click()
		// Deleting asks first.
		await expect(page.getByRole('button', { name: inboxCopy.lead.deleteNote })).toBeHidden()
		await page.locator('summary', { hasText: inboxCopy.lead.deleteNote }).click()
		await expect(page.getByText(inboxCopy.lead.deleteNoteQuestion)).toBeVisible()
		await page.getByRole('button', { name: inboxCopy.lead.deleteNote }).click()
		await page.getByText(inboxCopy.lead.noteDeleted).waitFor()
		await expect(noteShown(page, 'Sent the price list')).toHaveCount(0)
		expect(new URL(page.url()).search).toBe('?q=tangerine')
		await page.getByRole('button', { name: 'Mark replied' }).click()
		await page.getByText(inboxCopy.changedTo(inboxCopy.statuses.replied)).waitFor()
		const leadUrl = new URL(page.url()).pathname

		await page.goto(`${site.url}/admin/inbox`)
		await openLead(page, 'Otto Nojs')
		await page.getByRole('button', { name: 'Start review' }).click()
		await page.getByRole('button', { name: 'Accept' }).click()
		await page.getByText(inboxCopy.changedTo(inboxCopy.statuses.accepted)).waitFor()

		await page.goto(`${site.url}/admin/inbox`)
		await page.getByRole('checkbox', { name: inboxCopy.selectLead('Wanda Nojs') }).check()
		// An accepted beta application cannot be "invited": the answer names it.
		await page.getByRole('checkbox', { name: inboxCopy.selectLead('Otto Nojs') }).check()
		await page.getByLabel(inboxCopy.bulk.legend).selectOption('invited')
		await page.getByRole('button', { name: inboxCopy.bulk.apply }).click()
		await page.getByText(`${inboxCopy.bulk.result(1, 1, 0)} ${inboxCopy.bulk.notMoved(['Otto Nojs'], 0)}`).waitFor()
		await page.getByRole('row').filter({ hasText: 'Wanda Nojs' }).getByText(inboxCopy.statuses.invited).waitFor()

		await page.goto(`${site.url}${leadUrl}`)
		await reloadUntil(page, inboxCopy.lead.notification.failed)
		chat.setStatus(200)
		await page.goto(`${site.url}/admin/outbox`)
		await page
			.getByRole('row')
			.filter({ hasText: 'Nina Nojs' })
			.getByRole('button', { name: new RegExp(`^${outboxCopy.retry}`) })
			.click()
		await page.goto(`${site.url}${leadUrl}`)
		await reloadUntil(page, `${inboxCopy.lead.channels.chat}: ${inboxCopy.lead.notification.delivered.trim()}`)

		await page.goto(`${site.url}/admin/inbox?q=nojs`)
		const csv = await downloadExport(page)
		expect(csv).toContain('Nina Nojs')
		expect(csv).toContain('Otto Nojs')
		expect(csv).not.toContain('Carla')

		await page.goto(`${site.url}${leadUrl}`)
		await page.getByRole('link', { name: inboxCopy.lead.erase }).click()
		await page.getByRole('button', { name: inboxCopy.erase.confirm }).click()
		await page.getByText(/^Erased \d+ rows/).waitFor()
		expect(await tableExports()).not.toMatch(/nina/i)
		await page.close()
	})

	test('selects every lead on the page at once with JavaScript, offers no such box without it, and steps between leads', async () => {
		await contact('Sel One', 'sel.one@example.com', 'First of two')
		await contact('Sel Two', 'sel.two@example.com', 'Second of two')
		const page = await withJs.newPage()
		await page.goto(`${site.url}/admin/inbox`)
		await waitForHydration(page)
		const all = page.getByRole('checkbox', { name: inboxCopy.bulk.selectAll })
		const leads = page.locator('input[name="leads"]')
		await all.check()
		await expect(leads).not.toHaveCount(0)
		for (const lead of await leads.all()) await expect(lead).toBeChecked()
		await page.getByRole('checkbox', { name: 'Select Sel One' }).uncheck()
		await expect(all).not.toBeChecked()
		expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true)
		await all.check()
		await all.uncheck()
		for (const lead of await leads.all()) await expect(lead).not.toBeChecked()
		await page.close()

		const plain = await withoutJs.newPage()
		await plain.goto(`${site.url}/admin/inbox`)
		await expect(plain.getByRole('checkbox', { name: 'Select Sel Two' })).toBeVisible()
		await expect(plain.getByRole('checkbox', { name: inboxCopy.bulk.selectAll })).toBeHidden()
		// From a lead to the one before and after it in the inbox.
		await openLead(plain, 'Sel Two')
		await plain.getByRole('link', { name: inboxCopy.lead.older }).click()
		await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Sel One')
		await plain.getByRole('link', { name: inboxCopy.lead.newer }).click()
		await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Sel Two')

		// Opened from a search, the steps stay within it, and so does a note's page after the post.
		await contact('Quince First', 'quince.first@example.com', 'About quinces')
		await contact('Plum Between', 'plum.between@example.com', 'About plums')
		await contact('Quince Last', 'quince.last@example.com', 'About quinces again')
		await plain.goto(`${site.url}/admin/inbox?q=quinces`)
		await openLead(plain, 'Quince Last')
		await plain.getByRole('link', { name: inboxCopy.lead.older }).click()
		await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Quince First')
		await plain.getByRole('textbox', { name: inboxCopy.lead.noteLabel }).fill('Steps stay in the search')
		await plain.getByRole('button', { name: inboxCopy.lead.addNote }).click()
		await expect(noteShown(plain, 'Steps stay in the search')).toBeVisible()
		await expect(plain.getByRole('link', { name: inboxCopy.lead.older })).toBeHidden()
		await plain.getByRole('link', { name: inboxCopy.lead.newer }).click()
		await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Quince Last')
		await plain.getByRole('link', { name: inboxCopy.lead.back }).click()
		await expect(plain).toHaveURL(`${site.url}/admin/inbox?q=quinces`)
		await plain.close()
	})

	test('assigns a lead to the operator, with and without JavaScript, and finds their own with the “Me” filter', async () => {
		await contact('Mine Please', 'mine.please@example.com', 'Assign me')
		await contact('Not Mine', 'not.mine@example.com', 'Leave me')
		const page = await withJs.newPage()
		await page.goto(`${site.url}/admin/inbox`)
		await waitForHydration(page)
		await openLead(page, 'Mine Please')
		await waitForHydration(page)
		await page.getByRole('button', { name: inboxCopy.lead.assignToMe }).click()
		await expect(page.getByText(inboxCopy.lead.assignedToYou).first()).toBeVisible()
		await expect(page.getByRole('combobox', { name: inboxCopy.lead.assignment })).toHaveValue(/\d+/)
		await expect(page.getByRole('button', { name: inboxCopy.lead.assignToMe })).toHaveCount(0)

		await page.goto(`${site.url}/admin/inbox?assigned=mine`)
		const rows = page.locator('table tbody tr')
		await expect(rows).toHaveCount(1)
		await expect(rows.first()).toContainText('Mine Please')
		await expect(rows.first()).toContainText(inboxCopy.assignedTo(ada.displayName))

		// Subscribers are where email matters: without SMTP_URL the inbox says that none is sent.
		await page.goto(`${site.url}/admin/inbox?form=newsletter`)
		await expect(page.getByRole('note').filter({ hasText: sendingOffCopy.heading })).toBeVisible()
		await page.goto(`${site.url}/admin/inbox?form=contact`)
		await expect(page.getByRole('note').filter({ hasText: sendingOffCopy.heading })).toHaveCount(0)

		// The bulk menu offers the moves of the forms on the page, one group a form.
		await beta('Bulk Beta', 'bulk.beta@example.com')
		await page.goto(`${site.url}/admin/inbox?form=beta`)
		const groups = page.getByLabel(inboxCopy.bulk.legend).locator('optgroup')
		await expect(groups).toHaveCount(1)
		await expect(groups.first()).toHaveAttribute('label', inboxCopy.kindsPlural.beta)
		await expect(groups.first().locator('option')).toHaveText(
			leadStatuses.beta.map((status) => inboxCopy.bulk.setStatus(inboxCopy.statuses[status])),
		)
		await page.close()

		// Without JavaScript: back to nobody through the select, ending on a page that says so.
		const plain = await withoutJs.newPage()
		await plain.goto(`${site.url}/admin/inbox?assigned=mine`)
		await openLead(plain, 'Mine Please')
		await plain
			.getByRole('combobox', { name: inboxCopy.lead.assignment })
			.selectOption({ label: inboxCopy.lead.nobody })
		await plain.getByRole('button', { name: inboxCopy.lead.assign, exact: true }).click()
		await expect(plain.getByText(inboxCopy.lead.unassigned)).toBeVisible()
		await plain.goto(`${site.url}/admin/inbox`)
		await plain.getByLabel(inboxCopy.filters.assigned).selectOption({ label: inboxCopy.filters.mine })
		await plain.getByRole('button', { name: inboxCopy.filters.apply }).click()
		await expect(plain.getByText(inboxCopy.empty)).toBeVisible()
		await plain.close()
	})

	test('answers invalid moves, stale views and leads that do not exist with clear 4xx messages', async () => {
		await contact('Stan Stale', 'stan@example.com', 'Two operators at once')
		const inbox = await rawRequest(`${site.url}/admin/inbox?q=stan`, { cookie })
		const path = /href="(\/admin\/inbox\/contact\/\d+)[?"]/.exec(inbox.body)?.[1] ?? ''
		expect(path).toMatch(/^\/admin\/inbox\/contact\/\d+$/)
		const token = await csrfToken(site, cookie)
		const move = (status: string, version: string) =>
			rawRequest(`${site.url}${path}?intent=status`, { cookie, form: { [CSRF_FIELD]: token, status, version } })

		// Opening it made it read (version 1).
		expect((await rawRequest(`${site.url}${path}`, { cookie })).status).toBe(200)
		const invalid = await move('archived', '1')
		expect(invalid.status).toBe(409)
		expect(invalid.body).toContain(inboxCopy.notAllowed('Read', 'Archived'))
		// Without JavaScript a done move answers 303 back to the lead's page (Post/Redirect/Get).
		const moved = await move('replied', '1')
		expect([moved.status, moved.location]).toEqual([303, path])
		const stale = await move('unread', '1')
		expect(stale.status).toBe(409)
		expect(stale.body).toContain('Ada Admin changed this lead at ')
		expect(stale.body).toContain('(it is now Replied)')
		const foreign = await move('accepted', '2')
		expect(foreign.status).toBe(409)

		for (const missing of ['/admin/inbox/contact/999999', '/admin/inbox/robots/1', '/admin/inbox/contact/1e3']) {
			const answer = await rawRequest(`${site.url}${missing}`, { cookie })
			expect([missing, answer.status]).toEqual([missing, 404])
			expect(answer.body).toContain(inboxCopy.notFound.heading)
		}
		const post = await rawRequest(`${site.url}/admin/inbox/contact/999999?intent=status`, {
			cookie,
			form: { [CSRF_FIELD]: token, status: 'read', version: '0' },
		})
		expect(post.status).toBe(404)
		const bulk = await rawRequest(`${site.url}/admin/inbox?intent=bulk`, {
			cookie,
			form: { [CSRF_FIELD]: token, action: 'read', leads: 'contact:1:0; DROP TABLE' },
		})
		expect(bulk.status).toBe(400)
		expect(bulk.body).toContain(inboxCopy.bulk.noneSelected)
		const note = await rawRequest(`${site.url}${path}?intent=note`, {
			cookie,
			form: { [CSRF_FIELD]: token, body: ' ' },
		})
		expect(note.status).toBe(400)
		expect(note.body).toContain(inboxCopy.lead.noteRequired)
		const forged = await rawRequest(`${site.url}${path}?intent=status`, {
			cookie,
			form: { [CSRF_FIELD]: 'guess', status: 'unread', version: '2' },
		})
		expect(forged.status).toBe(403)
	})
})
