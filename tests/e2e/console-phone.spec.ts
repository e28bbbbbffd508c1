import type { BrowserContext, Page } from '@playwright/test'
import { auditCopy, consoleCopy } from '#app/content/console.ts'
import { inboxCopy } from '#app/content/inbox.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser, sidewaysScroll, viewports } from '../support/browser.ts'
import { type ConsoleServer, shareSession } from '../support/console-server.ts'

/** Every console list, as its operator opens it. */
const lists = [
	consolePaths.inbox,
	consolePaths.posts,
	consolePaths.auditLog,
	consolePaths.outbox,
	'/admin/redirects',
	consolePaths.operators,
	consolePaths.media,
	consolePaths.insights,
	consolePaths.newsletterSends,
]

const longName = `Maximilian-${'Ü'.repeat(60)}-Lastname`

/** How far each table's frame can scroll sideways (0 when nothing is wider than the screen). */
const tablesSidewaysScroll = (page: Page) =>
	page.evaluate(() =>
		[...document.querySelectorAll('.console-table')].map(
			(table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0),
		),
	)

test.describe('the console on a phone', () => {
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext

	test.beforeAll(async ({ browser, signedInConsole }) => {
		site = signedInConsole
		for (const name of [longName, 'Rachel Green']) {
			const sent = await fetch(`${site.url}/contact`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
				body: new URLSearchParams({ name, email: 'rachel@greenmedia.com', subject: 'Pricing', message: 'A question' }),
			})
			expect(sent.status).toBe(200)
		}
		;[withJs, withoutJs] = await Promise.all([
			openBrowser(browser, { viewport: viewports.phone }),
			openBrowser(browser, { viewport: viewports.phone, javaScriptEnabled: false }),
		])
		await shareSession(signedInConsole, withJs, withoutJs)
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
	})

	for (const javaScript of [true, false]) {
		test(`shows every list without sideways scrolling at 390 px, ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
			const page = await (javaScript ? withJs : withoutJs).newPage()
			for (const path of lists) {
				await page.goto(`${site.url}${path}`)
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
				expect([path, await sidewaysScroll(page)]).toEqual([path, 0])
				for (const overflow of await tablesSidewaysScroll(page)) expect([path, overflow]).toEqual([path, 0])
			}
			await page.close()
		})

		test(`shows each lead as a card with its name, form, status and time on screen, ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
			const page = await (javaScript ? withJs : withoutJs).newPage()
			await page.goto(`${site.url}${consolePaths.inbox}`)
			const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: longName }) })
			const cells = [
				row.getByRole('link', { name: longName }),
				row.getByRole('cell', { name: inboxCopy.kinds.contact }),
				row.getByRole('cell', { name: inboxCopy.statuses.unread }),
				row.locator('time'),
			]
			for (const cell of cells) {
				await expect(cell).toBeVisible()
				const box = await cell.boundingBox()
				expect(box && box.x >= 0 && box.x + box.width <= viewports.phone.width).toBe(true)
			}
			// A card names each value: the form's cell says which column it is.
			const formCell = row.getByRole('cell', { name: inboxCopy.kinds.contact })
			expect(await formCell.evaluate((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', ''))).toBe(
				inboxCopy.columns.form,
			)
			// The row's checkbox is a target a thumb can hit.
			const box = await row.getByRole('checkbox').boundingBox()
			expect(box && box.width >= 24 && box.height >= 24).toBe(true)
			await page.close()
		})

		test(`folds the filters away behind a summary on a phone, and shows them on a wide screen, ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
			const page = await (javaScript ? withJs : withoutJs).newPage()
			await page.goto(`${site.url}${consolePaths.inbox}?form=contact`)
			const search = page.getByLabel(inboxCopy.filters.search)
			await expect(search).toBeHidden()
			await page.locator('summary', { hasText: consoleCopy.filters(1) }).click()
			await expect(search).toBeVisible()
			await page.setViewportSize(viewports.desktop)
			await page.goto(`${site.url}${consolePaths.auditLog}`)
			await expect(page.locator('summary', { hasText: consoleCopy.filters(0) })).toBeHidden()
			await expect(page.getByRole('button', { name: auditCopy.filter })).toBeVisible()
			await page.close()
		})
	}
})
