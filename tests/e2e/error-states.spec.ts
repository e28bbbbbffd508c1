import fs from 'node:fs'
import path from 'node:path'
import type { ConsoleMessage, Page, WebError } from '@playwright/test'
import { errorLinks, errorPage } from '#app/content/error-page.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { browsersWithAndWithoutJavaScript, gotoHydrated } from '../support/browser.ts'
import { failDataRequests, dataFailures as failures } from '../support/failing-data.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { tempDir } from '../support/temp-dir.ts'

/** The error screen inside the layout, with the site's stylesheet applied: header, footer and the screen's own text. */
async function expectStyledErrorScreen(page: Page) {
	const heading = page.getByRole('heading', { level: 1, name: errorPage.heading })
	await heading.waitFor()
	await page.getByText(errorPage.description).waitFor()
	await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).waitFor()
	await page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' }).waitFor()
	expect(await page.title()).toBe(errorPage.heading)
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
	// Without the stylesheet the header would scroll away and the heading would be the browser's 2em serif.
	expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).position)).toBe('fixed')
	expect(
		await heading.evaluate((h1) => {
			const style = getComputedStyle(h1)
			return { size: style.fontSize, weight: style.fontWeight, font: style.fontFamily }
		}),
	).toEqual({ size: '30px', weight: '700', font: expect.stringContaining('ui-sans-serif') })
	expect(
		await page.locator('style[data-href="site-css"]').evaluate((style) => style.textContent?.length),
	).toBeGreaterThan(10_000)
	await expect(page.getByRole('link', { name: errorLinks.returnHome })).toHaveAttribute('href', '/')
	await expect(page.getByRole('link', { name: errorLinks.contactSupport })).toHaveAttribute('href', '/contact')
}

test.describe('failures inside the layout in Chromium', () => {
	let server: RunningServer
	const browsers = browsersWithAndWithoutJavaScript()

	test.beforeAll(async () => {
		// A data folder the server cannot read its unsubscribe secret from: the unsubscribe page's loader fails.
		const dataDir = path.join(tempDir('error-states-data-'), 'data')
		fs.mkdirSync(path.join(dataDir, 'unsubscribe-secret'), { recursive: true })
		server = await startServer({ dataDir })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	for (const failure of failures) {
		test(`keeps the header, the footer and the styles when ${failure.name} on a navigation's data request`, async () => {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/pricing`)
			const failing = await failDataRequests(page, failure)
			await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click()
			await expectStyledErrorScreen(page)
			expect(failing.tried.count).toBeGreaterThan(0)
			expect(page.url()).toBe(`${server.url}/how-it-works`)

			// The header's links still navigate in the page once requests get through again.
			await failing.letThrough()
			await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
			await page.waitForURL('**/pricing')
			await page.getByRole('heading', { level: 1, name: 'Simple pricing for every portfolio' }).waitFor()
			await expect(page.getByRole('heading', { name: errorPage.heading })).toHaveCount(0)

			// The screen's own links load whole pages.
			await failDataRequests(page, failure)
			await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click()
			await expectStyledErrorScreen(page)
			await page.getByRole('link', { name: errorLinks.returnHome }).click()
			await page.waitForURL(`${server.url}/`)
			await page.getByRole('heading', { level: 1 }).first().waitFor()
			await expect(page.getByRole('heading', { name: errorPage.heading })).toHaveCount(0)
			await page.close()
		})
	}

	test('shows a server failure the same way without JavaScript, with a 500 status', async () => {
		const page = await browsers.withoutJs.newPage()
		const response = await page.goto(`${server.url}/newsletter/unsubscribe?token=1.abc`)
		expect(response?.status()).toBe(500)
		await expectStyledErrorScreen(page)
		await page.getByRole('link', { name: errorLinks.contactSupport }).click()
		await page.waitForURL('**/contact')
		await page.getByRole('heading', { level: 1 }).first().waitFor()
		await expect(page.getByRole('heading', { name: errorPage.heading })).toHaveCount(0)
		await page.close()
	})

	test('keeps a server failure styled and accessible in the layout once React has hydrated it', async () => {
		const problems: string[] = []
		const onConsole = (message: ConsoleMessage) => {
			// The document's own 500 is reported as a failed resource; anything else is a problem.
			if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
				problems.push(message.text())
		}
		const onWebError = (webError: WebError) => problems.push(webError.error().message)
		browsers.withJs.on('console', onConsole)
		browsers.withJs.on('weberror', onWebError)
		try {
			const page = await gotoHydrated(browsers.withJs, `${server.url}/newsletter/unsubscribe?token=1.abc`)
			await expectStyledErrorScreen(page)
			expect(problems).toEqual([])
			expect(await accessibilityViolations(page)).toEqual([])
			await page.close()
		} finally {
			browsers.withJs.off('console', onConsole)
			browsers.withJs.off('weberror', onWebError)
		}
	})
})
