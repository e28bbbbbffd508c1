import type { BrowserContext, Page } from '@playwright/test'
import { howItWorksFaqs, pricingFaqs } from '#app/content/faqs.ts'
import { pages } from '#app/content/pages.ts'
import { plans } from '#app/content/plans.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { gotoHydrated, openBrowser, viewports } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'
import { testSiteEnv } from '../support/site-env.ts'

const marketingPaths = [
	pages.home.path,
	pages.howItWorks.path,
	pages.pricing.path,
	pages.strategyCallBooked.path,
	pages.privacy.path,
	pages.terms.path,
	pages.cookies.path,
	pages.roadmap.path,
	pages.reviews.path,
	pages.support.path,
]

const paidPlans = plans.filter((plan) => plan.monthlyPrice > 0)

/** The price each plan card shows right now, as a visitor reads it. */
const visiblePrices = (page: Page) =>
	page.locator('[data-plan]').evaluateAll((cards) =>
		cards.map((card) => {
			const shown = [...card.querySelectorAll<HTMLElement>('[data-price]')].filter((el) => el.offsetParent !== null)
			return shown.map((el) => el.textContent).join(' ')
		}),
	)

/** Which items of the accordion are open, in order. */
const openItems = (page: Page, name: string) =>
	page.locator(`details[name="${name}"]`).evaluateAll((items) => items.map((item) => (item as HTMLDetailsElement).open))

test.describe('marketing pages', () => {
	let server: RunningServer
	let desktop: BrowserContext
	let phone: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		;[desktop, phone] = await Promise.all([openBrowser(browser), openBrowser(browser, { viewport: viewports.phone })])
	})
	test.afterAll(async () => {
		await Promise.all([desktop?.close(), phone?.close()])
	})

	const visit = (context: BrowserContext, path: string) => gotoHydrated(context, `${server.url}${path}`)

	test('puts every page’s content in the server-rendered HTML', async () => {
		const expectations: Record<string, (string | RegExp)[]> = {
			'/': [
				/<h1[^>]*>From Parked to Profitable<\/h1>/,
				'Domains alone don&#x27;t grow. Digital value does.',
				'Visibility',
				'Discoverability',
				'Why 90% of Domains Die Worthless',
				'94%',
				'sustainableenergyhub.com',
				'Start Building Digital Value Now',
				'Hundreds of investors already turn parked names into visible, verified assets.',
				'href="/reviews"',
			],
			'/how-it-works': [
				'id="videos"',
				'The four-layer system',
				...howItWorksFaqs.map((faq) => faq.question.replace(/'/g, '&#x27;')),
			],
			'/pricing': [
				...plans.flatMap((plan) => [plan.name, `$${plan.monthlyPrice}`, `$${plan.annualPrice}`]),
				'50% off until out of Warming beta',
				'Save 14%',
				'Most popular',
				'Become a Beta User',
				...pricingFaqs.map((faq) => faq.question),
			],
			'/Strategy_Call_Booked': ['Next steps', `href="${testSiteEnv.APP_URL}/register"`, 'href="/how-it-works"'],
			'/privacy': ['Last updated September 2025', 'plus 3 years', '2 years', 'at least 13 years old', 'SOC 2 Type II'],
			'/terms': ['27. Changes and Contact', 'href="#governing-law"', 'laws of the State of Texas'],
			'/cookies': ['This website sets no cookies', 'href="/privacy"', 'href="/terms"'],
			'/roadmap': ['Our Product Roadmap', 'Vote on Features', 'Track Progress', 'Community Driven', 'Submit Ideas'],
			'/reviews': [
				'What Domain Rebels Are Saying',
				'Ask us and a real person on the team will answer.',
				'Ready to Join the Revolution?',
			],
			'/support': ['Help Center', 'href="/contact"', 'Contact Support'],
		}
		for (const [path, needles] of Object.entries(expectations)) {
			const html = await (await fetch(`${server.url}${path}`)).text()
			for (const needle of needles) {
				const found = typeof needle === 'string' ? html.includes(needle) : needle.test(html)
				expect(found, `${path}: ${needle}`).toBe(true)
			}
		}
	})

	test('shows annual prices by default and switches every price with the billing toggle', async () => {
		const page = await visit(desktop, '/pricing')
		const annual = ['$0', ...paidPlans.map((plan) => `$${plan.annualPrice}`)]
		const monthly = ['$0', ...paidPlans.map((plan) => `$${plan.monthlyPrice}`)]
		expect(await page.getByRole('radio', { name: /Annual/ }).isChecked()).toBe(true)
		expect(await visiblePrices(page)).toEqual(annual)
		await page.getByText('Monthly', { exact: true }).click()
		expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true)
		expect(await visiblePrices(page)).toEqual(monthly)
		await page.getByRole('radio', { name: /Annual/ }).focus()
		await page.keyboard.press('ArrowDown')
		expect(await visiblePrices(page)).toEqual(monthly)
		await page.keyboard.press('ArrowUp')
		expect(await visiblePrices(page)).toEqual(annual)
		await page.close()
	})

	test('shows annual prices without JavaScript and still reaches the monthly ones', async ({ browser }) => {
		const noJs = await openBrowser(browser, { javaScriptEnabled: false })
		const page = await noJs.newPage()
		await page.goto(`${server.url}/pricing`)
		expect(await visiblePrices(page)).toEqual(['$0', ...paidPlans.map((plan) => `$${plan.annualPrice}`)])
		await page.getByText('Monthly', { exact: true }).click()
		expect(await visiblePrices(page)).toEqual(['$0', ...paidPlans.map((plan) => `$${plan.monthlyPrice}`)])
		await noJs.close()
	})

	test('keeps one how-it-works answer open, the first by default, and closes the open one on click', async () => {
		const page = await visit(desktop, '/how-it-works')
		const name = 'how-it-works-faq'
		expect(await openItems(page, name)).toEqual([true, false, false, false, false, false])
		await page.getByText(howItWorksFaqs[2]?.question ?? '').click()
		expect(await openItems(page, name)).toEqual([false, false, true, false, false, false])
		await expect(page.getByText(howItWorksFaqs[2]?.answer ?? '')).toBeVisible()
		await expect(page.getByText(howItWorksFaqs[0]?.answer ?? '')).toBeHidden()
		await page.getByText(howItWorksFaqs[2]?.question ?? '').click()
		expect(await openItems(page, name)).toEqual([false, false, false, false, false, false])
		await page.close()
	})

	test('keeps one pricing answer open at a time', async () => {
		const page = await visit(phone, '/pricing')
		const name = 'pricing-faq'
		expect(await openItems(page, name)).toEqual([false, false, false, false])
		await page.getByText(pricingFaqs[0]?.question ?? '').click()
		expect(await openItems(page, name)).toEqual([true, false, false, false])
		await page.getByText(pricingFaqs[3]?.question ?? '').focus()
		await page.keyboard.press('Enter')
		expect(await openItems(page, name)).toEqual([false, false, false, true])
		await page.close()
	})

	test('opens every new-tab link in a new tab at the right address, without access to this page', async () => {
		await desktop.route(/^https:\/\//, (route) =>
			route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }),
		)
		const expected = [
			{ path: '/', name: 'Register Free', href: `${testSiteEnv.APP_URL}/register` },
			{ path: '/', name: 'Book a Demo', href: testSiteEnv.BOOKING_URL },
			{ path: '/how-it-works', name: 'Book a Strategy Call', href: testSiteEnv.BOOKING_URL },
		]
		const checked = new Set<string>()
		try {
			for (const path of marketingPaths) {
				const page = await visit(desktop, path)
				const links = await page
					.locator('a[target="_blank"]')
					.evaluateAll((anchors) =>
						anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, rel: a.getAttribute('rel') ?? '' })),
					)
				for (const link of links)
					expect(link.rel.split(' ').sort(), `${path} ${link.href}`).toEqual(['noopener', 'noreferrer'])
				for (const [index, link] of links.entries()) {
					if (checked.has(link.href)) continue
					checked.add(link.href)
					const [popup] = await Promise.all([
						desktop.waitForEvent('page'),
						page.locator('a[target="_blank"]').nth(index).click(),
					])
					await popup.waitForLoadState()
					expect(popup.url()).toBe(link.href)
					expect(await popup.evaluate(() => window.opener)).toBeNull()
					await popup.close()
				}
				for (const want of expected.filter((entry) => entry.path === path)) {
					const link = page.getByRole('link', { name: want.name })
					await expect(link, want.name).toHaveAttribute('href', want.href)
					await expect(link, want.name).toHaveAttribute('target', '_blank')
				}
				expect(page.url()).toBe(`${server.url}${path}`)
				await page.close()
			}
		} finally {
			await desktop.unroute(/^https:\/\//)
		}
		expect(checked).toContain(`${testSiteEnv.APP_URL}/register`)
		expect(checked).toContain(testSiteEnv.BOOKING_URL)
	})

	test('links the terms’ table of contents to its 27 numbered sections', async () => {
		const page = await visit(desktop, '/terms')
		const toc = page.getByRole('navigation', { name: 'Contents' })
		await expect(toc.getByRole('link')).toHaveCount(27)
		await expect(page.getByRole('heading', { name: '26. Governing Law' })).toHaveCount(1)
		await toc.getByRole('link', { name: '12. Launched Sites and DNS' }).click()
		await page.waitForURL('**/terms#launched-sites')
		const heading = page.getByRole('heading', { name: '12. Launched Sites and DNS' })
		await expect
			.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top), { timeout: 10_000 })
			.toBeLessThan(200)
		expect(await heading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(0)
		await page.close()
	})

	test('offers a link instead of an empty frame when no roadmap board is configured', async () => {
		const page = await visit(desktop, '/roadmap')
		await expect(page.locator('iframe')).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Send us your idea' })).toHaveAttribute('href', '/contact')
		await page.close()
	})

	test('tells the truth on the cookie page: browsing these pages sets no cookies', async ({ browser }) => {
		const fresh = await openBrowser(browser)
		for (const path of marketingPaths) await (await gotoHydrated(fresh, `${server.url}${path}`)).close()
		expect(await fresh.cookies()).toEqual([])
		await fresh.close()
	})

	test('has no axe violations with the monthly prices and an open answer, at phone and desktop sizes', async () => {
		for (const context of [desktop, phone]) {
			const page = await visit(context, '/pricing')
			await page.getByText('Monthly', { exact: true }).click()
			await page.getByText(pricingFaqs[1]?.question ?? '').click()
			expect(await accessibilityViolations(page), context === phone ? 'phone' : 'desktop').toEqual([])
			await page.close()
		}
	})
})
