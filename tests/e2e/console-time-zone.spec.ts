import type { BrowserContext, Locator, Page } from '@playwright/test'
import { timeCopy } from '#app/content/console.ts'
import { postsCopy } from '#app/content/posts.ts'
import { listMoment } from '#app/features/console/time-zone.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser, waitForHydration } from '../support/browser.ts'
import { addOperator, type ConsoleServer, type Person, shareSession } from '../support/console-server.ts'

const ola: Person = { displayName: 'Ola Operator', email: 'ola@example.com', password: 'amber-lantern-quay-38' }
const editor = postsCopy.editor

/** The first moment on the page (the session list's "last seen"), and the words it should show in `zone`. */
async function firstMoment(page: Page): Promise<{ time: Locator; inZone: (zone: string) => Promise<string> }> {
	const time = page.locator('main time').first()
	const inZone = async (zone: string) => listMoment(new Date((await time.getAttribute('datetime')) ?? ''), zone)
	return { time, inZone }
}

test.describe('the console’s time zones', () => {
	let site: ConsoleServer
	let inNewYork: BrowserContext
	let withoutJs: BrowserContext
	let withoutCookieStore: BrowserContext

	test.beforeAll(async ({ browser, signedInConsole }) => {
		site = signedInConsole
		;[inNewYork, withoutJs, withoutCookieStore] = await Promise.all([
			openBrowser(browser, { timezoneId: 'America/New_York' }),
			openBrowser(browser, { javaScriptEnabled: false, timezoneId: 'America/New_York' }),
			openBrowser(browser, { timezoneId: 'Asia/Kolkata' }),
		])
		// An operator of its own on the worker's console: the account page's first time is this session's "last seen".
		const session = await addOperator(site, signedInConsole.cookie, ola)
		await shareSession(session, inNewYork, withoutJs, withoutCookieStore)
		// A browser that predates the Cookie Store API.
		await withoutCookieStore.addInitScript(() => {
			Reflect.deleteProperty(window, 'cookieStore')
			Reflect.deleteProperty(Window.prototype, 'cookieStore')
		})
	})
	test.afterAll(async () => {
		await Promise.all([inNewYork?.close(), withoutJs?.close(), withoutCookieStore?.close()])
	})

	test('shows times in the browser’s zone, then in the one chosen, and schedules posts in it', async () => {
		const page = await inNewYork.newPage()
		await page.goto(`${site.url}/admin/account`)
		await waitForHydration(page)
		const { time, inZone } = await firstMoment(page)
		// Made in UTC before the browser's zone was known, the page is read again in it.
		await expect(time).toContainText(await inZone('America/New_York'))
		await expect(time).toContainText(/just now|minute/)
		await expect(time).toHaveAttribute('title', /UTC\)$/)
		await time.focus()
		await expect(time).toBeFocused()
		// Focus shows the exact time beside it, as hover shows the title, for those who use a keyboard.
		const exact = await time.getAttribute('title')
		expect(await time.evaluate((element) => getComputedStyle(element, '::after').content)).toBe(JSON.stringify(exact))
		await time.blur()
		expect(await time.evaluate((element) => getComputedStyle(element, '::after').content)).toBe('none')

		await page.getByRole('combobox', { name: timeCopy.label }).selectOption('Europe/Berlin')
		await page.getByRole('button', { name: timeCopy.save }).click()
		await expect(page.getByText(timeCopy.saved).first()).toBeVisible()
		await expect(time).toContainText(await inZone('Europe/Berlin'))
		await expect(page.getByRole('combobox', { name: timeCopy.label })).toHaveValue('Europe/Berlin')

		await page.goto(`${site.url}/admin/posts/new`)
		await waitForHydration(page)
		await page.getByLabel(editor.fields.title, { exact: true }).fill('Scheduled in Berlin')
		const date = page.getByLabel(editor.fields.publishAt('Europe/Berlin'))
		await date.fill('2030-01-15T09:30')
		await expect(date).toHaveAccessibleDescription(/That is 2030-01-15 08:30 UTC\./)
		await page.getByRole('button', { name: editor.publish, exact: true }).click()
		await expect(page.getByText(/Post scheduled for .*15 January 2030.*09:30.*\(2030-01-15 08:30 UTC\)/)).toBeVisible()
		await page.reload()
		await expect(date).toHaveValue('2030-01-15T09:30')
		await page.close()
	})

	test('keeps a chosen zone without JavaScript, and goes back to the browser’s', async () => {
		const page = await withoutJs.newPage()
		await page.goto(`${site.url}/admin/account`)
		await page.getByRole('combobox', { name: timeCopy.label }).selectOption('Asia/Tokyo')
		await page.getByRole('button', { name: timeCopy.save }).click()
		await expect(page).toHaveURL(`${site.url}/admin/account`)
		await expect(page.getByText(timeCopy.saved)).toBeVisible()
		await expect(page.getByRole('combobox', { name: timeCopy.label })).toHaveValue('Asia/Tokyo')
		const { time, inZone } = await firstMoment(page)
		await expect(time).toContainText(await inZone('Asia/Tokyo'))

		await page.getByRole('combobox', { name: timeCopy.label }).selectOption({ label: timeCopy.browser })
		await page.getByRole('button', { name: timeCopy.save }).click()
		await expect(page.getByText(timeCopy.saved)).toBeVisible()
		// Without JavaScript the browser's zone is never told: the zone the browser last gave, else UTC.
		await expect(time).not.toContainText(await inZone('Asia/Tokyo'))
		await page.close()
	})

	test('learns the browser’s zone in a browser without the Cookie Store API', async () => {
		const page = await withoutCookieStore.newPage()
		await page.goto(`${site.url}/admin/account`)
		await waitForHydration(page)
		expect(await page.evaluate(() => typeof window.cookieStore)).toBe('undefined')
		await expect(page.getByRole('combobox', { name: timeCopy.label })).toHaveValue('')
		const { time, inZone } = await firstMoment(page)
		// The console's times come from the server, which reads the zone from the cookie the page set.
		await expect(time).toContainText(await inZone('Asia/Kolkata'))
		await page.reload()
		await expect(time).toContainText(await inZone('Asia/Kolkata'))
		await page.close()
	})
})
