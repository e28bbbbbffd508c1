import { pagePaths } from '#app/content/page-paths.ts'
import { expect, test } from '#tests/support/test.ts'
import { browsersWithAndWithoutJavaScript, viewports } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'

test.describe('the contact page', () => {
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})
	const browsers = browsersWithAndWithoutJavaScript()

	for (const width of ['desktop', 'phone'] as const) {
		test(`keeps the form card as tall as the form at ${width} width`, async () => {
			const page = await browsers.withoutJs.newPage()
			await page.setViewportSize(viewports[width])
			await page.goto(`${server.url}${pagePaths.contact}`)
			const card = page.locator('section[aria-labelledby="contact-form-heading"]')
			const gapUnderForm = await card.evaluate((element) => {
				const form = element.querySelector('form') as HTMLFormElement
				return element.getBoundingClientRect().bottom - form.getBoundingClientRect().bottom
			})
			// The card's own padding, not the sidebar's extra height.
			expect(gapUnderForm).toBeLessThanOrEqual(32)
			await page.close()
		})
	}

	test('links the privacy policy its FAQ mentions', async () => {
		const page = await browsers.withJs.newPage()
		await page.goto(`${server.url}${pagePaths.contact}`)
		await page.getByRole('link', { name: 'Read the Privacy Policy' }).click()
		await expect.poll(() => new URL(page.url()).pathname).toBe(pagePaths.privacy)
		await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor()
		await page.close()
	})
})
