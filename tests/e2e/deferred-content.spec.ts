import type { BrowserContext, Page } from '@playwright/test'
import { benefitsCopy } from '#app/content/home.ts'
import { howItWorksCopy } from '#app/content/how-it-works.ts'
import { pricingCopy } from '#app/content/plans.ts'
import { reviewsCopy } from '#app/content/reviews.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser, waitForHydration, waitForShellHydration } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'

test.describe('page content hydrated after the shell', () => {
	let server: RunningServer
	let context: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		context = await openBrowser(browser)
	})
	test.afterAll(async () => {
		await context?.close()
	})

	const openShell = async (path: string, chunk: RegExp, handle: Parameters<Page['route']>[1]) => {
		const page = await context.newPage()
		await page.route(chunk, handle)
		await page.goto(`${server.url}${path}`)
		await waitForShellHydration(page)
		return page
	}

	test('shows the server HTML until the content chunk arrives, then hydrates it in place', async () => {
		let release = () => {}
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		let holding = false
		const page = await openShell('/pricing', /\/assets\/pricing-page-[\w-]+\.js$/, async (route) => {
			holding = true
			await held
			await route.continue()
		})
		// The page has loaded and React runs the shell; the content's code is asked for and held back.
		await expect.poll(() => holding, { timeout: 10_000 }).toBe(true)
		const content = page.locator('main [data-deferred]').filter({ has: page.getByRole('heading', { level: 1 }) })
		await expect(content).toHaveAttribute('data-deferred', 'pending')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(pricingCopy.heading)
		release()
		await waitForHydration(page)
		await expect(content).toHaveAttribute('data-deferred', 'hydrated')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(pricingCopy.heading)
		await page.close()
	})

	test('keeps the page usable as plain HTML when the content chunk cannot load', async () => {
		const page = await openShell('/', /\/assets\/home-page-[\w-]+\.js$/, (route) => route.abort())
		await page.waitForLoadState('networkidle')
		await expect(page.getByRole('heading', { name: benefitsCopy.heading })).toBeVisible()
		await page.getByRole('link', { name: reviewsCopy.teaser.allReviews }).click()
		await page.waitForURL(`${server.url}/reviews`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewsCopy.heading)
		await page.close()
	})

	test('renders the content on a client navigation, or loads the page from the server when its chunk fails', async () => {
		const page = await openShell('/pricing', /\/assets\/how-it-works-page-[\w-]+\.js$/, (route) => route.abort())
		await page.evaluate(() => {
			;(window as { sameDocument?: boolean }).sameDocument = true
		})
		await page.locator('header a[href="/reviews"]').first().click()
		await page.waitForURL(`${server.url}/reviews`)
		await page.getByRole('heading', { level: 1, name: reviewsCopy.heading, exact: true }).waitFor()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewsCopy.heading)
		expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)

		await page.locator('header a[href="/how-it-works"]').first().click()
		await page.waitForURL(`${server.url}/how-it-works`)
		await page.getByRole('heading', { level: 1, name: howItWorksCopy.hero.heading, exact: true }).waitFor()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(howItWorksCopy.hero.heading)
		expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined()
		await page.close()
	})
})
