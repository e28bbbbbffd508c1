import type { BrowserContext, Page } from '@playwright/test'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import { pricingFaqs } from '#app/content/faqs.ts'
import { headerLinks, menuLabels } from '#app/content/navigation.ts'
import { expect, test } from '#tests/support/test.ts'
import { gotoHydrated, openBrowser, shipsReact, viewports } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'

/** The accessible text of whatever has the focus. */
function focused(page: Page) {
	return page.evaluate(() => {
		const element = document.activeElement as HTMLElement | null
		return (element?.getAttribute('aria-label') || element?.textContent || '').trim()
	})
}

/** Presses Tab until the focus is on an element whose text is `label`; fails after `limit` presses. */
async function tabTo(page: Page, label: string, limit = 80) {
	for (let presses = 0; presses < limit; presses++) {
		await page.keyboard.press('Tab')
		if ((await focused(page)) === label) return
	}
	throw new Error(`"${label}" was not reached with ${limit} presses of Tab`)
}

test.describe('every interactive part works with the keyboard alone', () => {
	let server: RunningServer
	let desktop: BrowserContext
	let phone: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		desktop = await openBrowser(browser)
		phone = await openBrowser(browser, { viewport: viewports.phone })
	})
	test.afterAll(async () => {
		await desktop?.close()
		await phone?.close()
	})

	test('starts with a skip link, then reaches the header links in order and follows one with Enter', async () => {
		const page = await gotoHydrated(desktop, `${server.url}/`)
		await page.keyboard.press('Tab')
		expect(await focused(page)).toBe('Skip to content')
		const order: string[] = []
		for (let presses = 0; presses < 20 && order.length < headerLinks.length; presses++) {
			await page.keyboard.press('Tab')
			const label = await focused(page)
			if (headerLinks.some((link) => link.label === label)) order.push(label)
		}
		expect(order).toEqual(headerLinks.map((link) => link.label))

		await page.keyboard.press('Enter')
		await page.waitForURL(`${server.url}${headerLinks.at(-1)?.to}`)
		await page.close()

		const fresh = await gotoHydrated(desktop, `${server.url}/pricing`)
		await fresh.keyboard.press('Tab')
		await fresh.keyboard.press('Enter')
		expect(await fresh.evaluate(() => document.activeElement?.id)).toBe('main')
		await fresh.close()
	})

	for (const [path, react] of [
		['/terms', false],
		['/', true],
	]) {
		test(`opens and closes the phone menu and navigates from it (${path})`, async () => {
			const page = await gotoHydrated(phone, `${server.url}${path}`)
			expect(await shipsReact(page)).toBe(react)
			const menuButton = page.locator('header button[popovertarget]')
			const menuOpen = () => page.locator('nav[popover]').evaluate((menu) => menu.matches(':popover-open'))
			await menuButton.focus()
			await page.keyboard.press('Enter')
			expect(await menuOpen()).toBe(true)
			const hasFocus = (name: string) =>
				page.getByRole('button', { name }).evaluate((button) => button === document.activeElement)
			expect(await hasFocus(menuLabels.close)).toBe(true)
			// Escape closes it and leaves the focus on its button; Space opens it again.
			await page.keyboard.press('Escape')
			expect(await menuOpen()).toBe(false)
			expect(await hasFocus(menuLabels.open)).toBe(true)
			await page.keyboard.press(' ')
			expect(await menuOpen()).toBe(true)
			const target = headerLinks[1]
			if (!target) throw new Error('the header has no second link')
			await tabTo(page, target.label)
			await page.keyboard.press('Enter')
			await page.waitForURL(`${server.url}${target.to}`)
			await expect.poll(menuOpen, { timeout: 10_000 }).toBe(false)
			await page.close()
		})
	}

	test('opens and closes an accordion item with Enter and Space', async () => {
		const page = await gotoHydrated(desktop, `${server.url}/pricing`)
		const first = pricingFaqs[0]
		if (!first) throw new Error('the pricing page has no questions')
		await tabTo(page, first.question, 200)
		const answer = page.getByText(first.answer)
		await page.keyboard.press('Enter')
		await answer.waitFor({ state: 'visible' })
		await page.keyboard.press(' ')
		await answer.waitFor({ state: 'hidden' })
		await page.close()
	})

	test('opens the beta dialog, keeps the focus in it, closes it with Escape and returns the focus', async () => {
		const page = await gotoHydrated(desktop, `${server.url}/pricing`)
		await tabTo(page, betaCopy.triggerLabel, 200)
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog', { name: betaCopy.title })
		await dialog.waitFor()
		for (let presses = 0; presses < 15; presses++) {
			await page.keyboard.press('Tab')
			expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
		}
		await page.keyboard.press('Escape')
		await dialog.waitFor({ state: 'detached' })
		// The dialog hands the focus back in a task of its own after it has left the page.
		await expect.poll(() => focused(page), { timeout: 10_000 }).toBe(betaCopy.triggerLabel)
		await page.close()
	})

	test('fills in and sends the contact form with the keyboard only', async () => {
		const page = await gotoHydrated(desktop, `${server.url}/contact`)
		await page.getByLabel(contactFormCopy.labels.name).waitFor()
		const nameField = page.getByLabel(contactFormCopy.labels.name)
		for (let presses = 0; presses < 200; presses++) {
			await page.keyboard.press('Tab')
			if (await nameField.evaluate((element) => element === document.activeElement)) break
		}
		await page.keyboard.type('Kim Keyboard')
		await page.keyboard.press('Tab')
		await page.keyboard.type('kim@example.com')
		await page.keyboard.press('Tab')
		await page.keyboard.type('Keyboard only')
		await page.keyboard.press('Tab')
		await page.keyboard.type('Sent without touching the mouse.')
		await page.keyboard.press('Tab')
		expect(await focused(page)).toBe(contactFormCopy.submit)
		await page.keyboard.press('Enter')
		await page.getByText(contactFormCopy.success).waitFor()
		await page.close()
	})
})
