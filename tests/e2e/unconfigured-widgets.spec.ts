import type { BrowserContext, Locator } from '@playwright/test'
import { reviewsCopy } from '#app/content/reviews.ts'
import { roadmapCopy } from '#app/content/roadmap.ts'
import { supportCopy } from '#app/content/support.ts'
import { expect, test } from '#tests/support/test.ts'
import { gotoHydrated, openBrowser } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'

/** What a widget's section says when its provider is not configured (the end-to-end build configures none). */
const sections = [
	{
		path: '/',
		heading: reviewsCopy.teaser.heading,
		line: reviewsCopy.teaser.leadWithoutWidget,
		link: { name: reviewsCopy.teaser.allReviews, href: '/reviews' },
	},
	{
		path: '/reviews',
		heading: reviewsCopy.heading,
		line: reviewsCopy.withoutWidget.text,
		link: { name: reviewsCopy.withoutWidget.contact, href: '/contact' },
	},
	{
		path: '/support',
		heading: supportCopy.heading,
		line: supportCopy.leadWithoutWidget,
		link: { name: supportCopy.contact.cta, href: '/contact' },
	},
	{
		path: '/roadmap',
		heading: roadmapCopy.withoutBoard.heading,
		line: roadmapCopy.withoutBoard.text,
		link: { name: roadmapCopy.contactUs, href: '/contact' },
	},
] as const

// What the failure fallbacks and the no-script messages say; none of it belongs to a widget that is simply not set up.
const failureWords = /cannot be shown|not connected|enable JavaScript/i

test.describe('widgets whose provider is not configured', () => {
	let server: RunningServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		;[withJs, withoutJs] = await Promise.all([openBrowser(browser), openBrowser(browser, { javaScriptEnabled: false })])
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
	})

	const pageWith = {
		'JavaScript on': (url: string) => gotoHydrated(withJs, url),
		'JavaScript off': async (url: string) => {
			const page = await withoutJs.newPage()
			await page.goto(url)
			return page
		},
	}

	/** The section's text (hidden parts and no-script content included) and the min-heights it or anything in it reserves. */
	const readSection = (section: Locator) =>
		section.evaluate((element) => {
			const reserved = [element, ...element.querySelectorAll('*')]
				.filter((node) => Number.parseFloat(getComputedStyle(node).minHeight) > 0)
				.map((node) => `${getComputedStyle(node).minHeight}: ${node.outerHTML.slice(0, 80)}`)
			return { text: element.textContent, reserved }
		})

	for (const { path, heading, line, link } of sections) {
		test(`${path}: heading, a short line and a link, the same with JavaScript on and off`, async () => {
			const html = await (await fetch(`${server.url}${path}`)).text()
			expect(html.match(failureWords)?.[0], 'server HTML').toBeUndefined()
			const shown: string[] = []
			for (const [mode, open] of Object.entries(pageWith)) {
				const page = await open(`${server.url}${path}`)
				const title = page.getByRole('heading', { name: heading, exact: true })
				const section = title.locator('xpath=ancestor::section[1]')
				await expect(title, mode).toBeVisible()
				await expect(section.getByText(line, { exact: true }), mode).toBeVisible()
				const target = section.getByRole('link', { name: link.name, exact: true })
				await expect(target, mode).toBeVisible()
				await expect(target, mode).toHaveAttribute('href', link.href)
				expect((await page.locator('main').textContent())?.match(failureWords)?.[0], mode).toBeUndefined()
				// No container waits for a widget that will never come.
				await expect(page.locator('[data-widget]'), mode).toHaveCount(0)
				const { text, reserved } = await readSection(section)
				expect(reserved, mode).toEqual([])
				shown.push(text)
				await page.close()
			}
			expect(shown[1]).toBe(shown[0])
		})
	}
})
