import type { BrowserContext, Page } from '@playwright/test'
import { insightsCopy, insightsPeriodProblems } from '#app/content/insights.ts'
import { campaignValue } from '#app/features/insights/attribution.ts'
import { longDay } from '#app/features/insights/chart-geometry.ts'
import { INSIGHTS_EVENTS_PATH } from '#app/features/insights/events.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	type Person,
	rawRequest,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { tableRows } from '../support/table-rows.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

/** Each visitor is a browser of its own: the collector counts a visitor by address and user agent. */
const browserOf = (visitor: number) =>
	`Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.${visitor} Safari/537.36`
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const POST = {
	slug: 'parked-pages-vs-developed-sites',
	title: 'Parked Pages vs. Developed Sites: What Actually Earns More',
}

// What hostile visitors put in the paths they visit and the campaigns they arrive with.
const MARKUP_PATH = '/<script>window.__pwned=1</script><img/src=x/onerror=window.__pwned=1>'
const LONG_PATH = `/${'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(10)}`
const BIDI_PATH = '/\u202Egnp.exe\u2066x\u2069'
const MARKUP_CAMPAIGN = '<img src=x onerror="window.__pwned=1"> <b>spring</b>\u202Esale\u200B'
const LONG_CAMPAIGN = 'Supercalifragilisticexpialidocious'.repeat(4)

const today = new Date().toISOString().slice(0, 10)
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

test.describe('the insights dashboard', () => {
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	/** One event from one visitor's browser, as the analytics script posts it. */
	async function track(visitor: string, event: object, headers: Record<string, string> = {}) {
		const response = await fetch(`${site.url}${INSIGHTS_EVENTS_PATH}`, {
			method: 'POST',
			headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': visitor, origin: site.url, ...headers },
			body: JSON.stringify(event),
		})
		expect(response.status).toBe(204)
	}

	/** A form post from one visitor's browser, sent from a page of the site. */
	async function submit(visitor: string, path: string, fields: Record<string, string>, from = path) {
		const response = await fetch(`${site.url}${path}`, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'user-agent': visitor,
				origin: site.url,
				referer: `${site.url}${from}`,
			},
			body: new URLSearchParams(fields),
		})
		expect([path, response.status]).toEqual([path, 200])
	}

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(180_000)
		;[site, withJs, withoutJs] = await Promise.all([
			startConsoleServer({ env: { RATE_LIMIT_MAX: '100' } }),
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		const first = await createFirstOperator(site, ada)
		cookie = first.cookie
		await shareSession(first, withJs, withoutJs)

		// Five visitors today. The first comes from another site, opens the beta dialog and applies.
		const [news, mail, hostile, direct, ads] = [1, 2, 3, 4, 5].map(browserOf) as [
			string,
			string,
			string,
			string,
			string,
		]
		await track(news, { name: 'page_view', path: '/', referrer: 'https://news.example.org/item?id=1' })
		await track(news, { name: 'page_view', path: '/pricing' })
		await track(news, { name: 'beta_dialog_opened', path: '/pricing' })
		await submit(
			news,
			'/beta-application',
			{
				full_name: 'Nia News',
				email: 'nia@example.com',
				company_name: '',
				domain_count: '4',
				current_solution: '',
				why_interested: 'Read about you',
			},
			'/pricing',
		)
		// The second arrives from a campaign with markup in its name, reads a post and signs up for the newsletter there.
		await track(mail, {
			name: 'page_view',
			path: '/',
			campaign: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: MARKUP_CAMPAIGN },
		})
		await track(mail, { name: 'page_view', path: `/blog/${POST.slug}` })
		await submit(mail, '/newsletter', { email: 'max@example.com', name: 'Max', source: 'blog' }, `/blog/${POST.slug}`)
		// The third visits hostile paths; the fourth joins the waitlist; the fifth comes from an ad and leaves.
		for (const path of [MARKUP_PATH, LONG_PATH, BIDI_PATH]) await track(hostile, { name: 'page_view', path })
		await track(direct, { name: 'page_view', path: '/community-interest' })
		await submit(direct, '/community-interest', { name: 'Wen Waitlist', email: 'wen@example.com' })
		await track(ads, {
			name: 'page_view',
			path: '/',
			campaign: { utm_source: 'ads', utm_medium: 'cpc', utm_campaign: LONG_CAMPAIGN },
		})
		// Not counted: a bot, and a browser asking not to be tracked.
		await track(GOOGLEBOT, { name: 'page_view', path: '/' })
		await track(browserOf(6), { name: 'page_view', path: '/' }, { dnt: '1' })
		await track(browserOf(7), { name: 'page_view', path: '/' }, { 'sec-gpc': '1' })
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
		await site?.server.stop()
	})

	/** The totals as written: each figure and, when comparing, the previous period's. */
	function totals(page: Page) {
		return page
			.locator('[data-total]')
			.evaluateAll((items) =>
				Object.fromEntries(
					items.map((item) => [
						item.getAttribute('data-total'),
						[item.querySelector('dd')?.textContent, item.querySelector('[data-previous]')?.textContent ?? null],
					]),
				),
			)
	}

	const todayRow = (rows: (string | null)[][] | null) => rows?.find((row) => row[0] === today)

	/** The charts are SVG pictures in the server's HTML, each with a name and the series drawn. */
	async function expectCharts(page: Page, compare: boolean) {
		const charts = await page.locator('main svg[role="img"]').evaluateAll((svgs) =>
			svgs.map((svg) => ({
				label: svg.getAttribute('aria-label'),
				series: [...svg.querySelectorAll('[data-series]')].map((shape) => shape.getAttribute('data-series')),
			})),
		)
		const traffic = charts.find((chart) => chart.label?.startsWith(insightsCopy.traffic.chart))
		const leads = charts.find((chart) => chart.label?.startsWith(insightsCopy.leads.chart))
		expect(traffic?.label).toContain('5 visitors, 9 page views')
		expect(new Set(traffic?.series)).toEqual(
			new Set(['visitors', 'pageViews', ...(compare ? ['visitors-previous', 'pageViews-previous'] : [])]),
		)
		expect(leads?.label).toContain('1 beta applications, 1 waitlist, 0 contact, 1 newsletter')
		expect(new Set(leads?.series)).toEqual(
			new Set(['beta', 'waitlist', 'newsletter', ...(compare ? ['leads-previous'] : [])]),
		)
		const funnels = charts.filter((chart) => chart.label?.startsWith(insightsCopy.funnel.chart('')))
		expect(funnels[0]?.label).toBe(
			`${insightsCopy.funnel.chart(insightsCopy.funnel.overall)}: page view 5 (100%), dialog opened 1 (20%), application submitted 1 (20%)`,
		)
		expect(funnels.length).toBe(5)
	}

	/** Every figure the seeded visits make, in the totals and the tables. */
	async function expectFigures(page: Page) {
		expect(await totals(page)).toEqual({
			visitors: ['5', null],
			pageViews: ['9', null],
			leads: ['3', null],
			conversion: ['60%', null],
		})
		expect(todayRow(await tableRows(page, insightsCopy.traffic.table))).toEqual([today, '5', '9'])
		expect(todayRow(await tableRows(page, insightsCopy.leads.table))).toEqual([today, '1', '1', '0', '1', '3'])
		expect(await tableRows(page, insightsCopy.pages.heading)).toEqual(
			expect.arrayContaining([
				['/', '3', '3'],
				['/pricing', '1', '1'],
				[`/blog/${POST.slug}`, '1', '1'],
				['/community-interest', '1', '1'],
				[MARKUP_PATH, '1', '1'],
				[LONG_PATH, '1', '1'],
				[BIDI_PATH, '1', '1'],
			]),
		)
		expect(await tableRows(page, insightsCopy.referrers.heading)).toEqual([['news.example.org', '1', '1', '100%']])
		expect(await tableRows(page, insightsCopy.campaigns.heading)).toEqual(
			expect.arrayContaining([
				[campaignValue(MARKUP_CAMPAIGN), 'newsletter', 'email', '1', '1', '100%'],
				// Stored cut to its first 100 characters.
				[campaignValue(LONG_CAMPAIGN), 'ads', 'cpc', '1', '0', '0%'],
			]),
		)
		expect(await tableRows(page, insightsCopy.sources.heading)).toEqual(
			expect.arrayContaining([
				['(direct)', '2', '1', '50%'],
				['news.example.org', '1', '1', '100%'],
				['newsletter', '1', '1', '100%'],
				['ads', '1', '0', '0%'],
			]),
		)
		expect((await tableRows(page, insightsCopy.funnel.table))?.[0]).toEqual([
			insightsCopy.funnel.overall,
			'5',
			'1',
			'1',
			'20%',
		])
		expect(await tableRows(page, insightsCopy.posts.byViews)).toEqual([[POST.title, '1', '1']])
		expect(await tableRows(page, insightsCopy.posts.bySignUps)).toEqual([[POST.title, '1']])
	}

	/** Whether anything a visitor sent ran or became markup, and whether a value pushes the page sideways. */
	function hostileEffects(page: Page) {
		return page.evaluate(() => ({
			pwned: (window as { __pwned?: unknown }).__pwned ?? null,
			elements: document.querySelectorAll('main img, main script, main b').length,
			scroll: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
			outside: [...document.querySelectorAll('main h1, main h2, main h3, main p, main dl, main figure, main summary')]
				.filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
				.map((element) => `${element.tagName}: ${element.textContent?.slice(0, 40)}`),
		}))
	}
	const harmless = { pwned: null, elements: 0, scroll: 0, outside: [] }

	async function openInsights(browser: BrowserContext, search = '') {
		const page = await browser.newPage()
		await page.goto(`${site.url}/admin/insights${search}`)
		return page
	}

	test('shows the charts as SVG, the figures in tables and hostile values as text, without JavaScript', async () => {
		test.setTimeout(120_000)
		const page = await openInsights(withoutJs)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(insightsCopy.heading)
		await expect(page.locator('[data-period]')).toHaveText(
			insightsCopy.period.showing(longDay(daysAgo(29)), longDay(today), 30),
		)
		await expectCharts(page, false)
		await expectFigures(page)
		// The figures' disclosure opens without JavaScript.
		const details = page.locator('details').first()
		await details.locator('summary').click()
		expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true)
		for (const [width, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect([width, await hostileEffects(page)]).toEqual([width, harmless])
		}
		// The CSV exports the console offers have moved here.
		for (const table of ['beta_applications', 'community_waitlist', 'contact_messages', 'newsletter_subscribers'])
			await expect(page.getByRole('link', { name: `${table}.csv` })).toHaveAttribute(
				'href',
				`/admin/export/${table}.csv`,
			)
		await page.close()
	})

	test('switches the period, takes a custom range and compares, without JavaScript', async () => {
		test.setTimeout(120_000)
		const page = await openInsights(withoutJs)
		await page.getByLabel(insightsCopy.period.preset(7)).check()
		await page.getByRole('button', { name: insightsCopy.period.apply }).click()
		await page.waitForURL((url) => url.searchParams.get('period') === '7')
		await expect(page.locator('[data-period]')).toHaveText(
			insightsCopy.period.showing(longDay(daysAgo(6)), longDay(today), 7),
		)
		expect((await tableRows(page, insightsCopy.traffic.table))?.length).toBe(7)

		await page.getByLabel(insightsCopy.period.custom).check()
		await page.getByLabel(insightsCopy.period.from).fill(daysAgo(2))
		await page.getByLabel(insightsCopy.period.to).fill(today)
		await page.getByLabel(insightsCopy.period.compare).check()
		await page.getByRole('button', { name: insightsCopy.period.apply }).click()
		await page.waitForURL((url) => url.searchParams.get('period') === 'custom')
		await expect(page.locator('[data-period]')).toHaveText(
			`${insightsCopy.period.showing(longDay(daysAgo(2)), longDay(today), 3)}, ${insightsCopy.period.comparedWith(longDay(daysAgo(5)), longDay(daysAgo(3)))}`,
		)
		const previous = `${insightsCopy.totals.previous}: 0 (${insightsCopy.totals.newFigure})`
		expect(await totals(page)).toEqual({
			visitors: ['5', previous],
			pageViews: ['9', previous],
			leads: ['3', previous],
			conversion: ['60%', `${insightsCopy.totals.previous}: ${insightsCopy.notCounted}`],
		})
		await expectCharts(page, true)
		expect(await tableRows(page, insightsCopy.traffic.table)).toEqual([
			[daysAgo(2), '0', '0', daysAgo(5), '0', '0'],
			[daysAgo(1), '0', '0', daysAgo(4), '0', '0'],
			[today, '5', '9', daysAgo(3), '0', '0'],
		])
		// The form shows the period it answered.
		expect(await page.getByLabel(insightsCopy.period.custom).isChecked()).toBe(true)
		expect(await page.getByLabel(insightsCopy.period.compare).isChecked()).toBe(true)

		// A range that ends before it starts is refused, the dates kept to correct, the default period shown.
		await page.getByLabel(insightsCopy.period.from).fill(today)
		await page.getByLabel(insightsCopy.period.to).fill(daysAgo(3))
		await page.getByRole('button', { name: insightsCopy.period.apply }).click()
		await page.getByRole('alert').filter({ hasText: insightsPeriodProblems.order }).waitFor()
		await expect(page.getByLabel(insightsCopy.period.from)).toHaveValue(today)
		await expect(page.locator('[data-period]')).toContainText(
			insightsCopy.period.showing(longDay(daysAgo(29)), longDay(today), 30),
		)

		// A period with nothing in it says so instead of drawing empty charts.
		await page.goto(`${site.url}/admin/insights?period=custom&from=${daysAgo(20)}&to=${daysAgo(10)}`)
		for (const text of [
			insightsCopy.empty,
			insightsCopy.traffic.empty,
			insightsCopy.leads.empty,
			insightsCopy.funnel.empty,
			insightsCopy.pages.empty,
			insightsCopy.campaigns.empty,
			insightsCopy.posts.emptySignUps,
		])
			await page.getByText(text, { exact: true }).waitFor()
		await expect(page.locator('main svg')).toHaveCount(0)
		await page.close()
	})

	test('switches the period and compares without reloading, and shows each day’s figure on hover and focus, with JavaScript', async () => {
		test.setTimeout(120_000)
		const page = await openInsights(withJs)
		await waitForHydration(page)
		await page.evaluate(() => {
			;(window as { sameDocument?: boolean }).sameDocument = true
		})
		await page.getByLabel(insightsCopy.period.preset(7)).check()
		await page.getByLabel(insightsCopy.period.compare).check()
		await page.getByRole('button', { name: insightsCopy.period.apply }).click()
		await page.waitForURL((url) => url.searchParams.get('period') === '7' && url.searchParams.get('compare') === '1')
		await page
			.locator('[data-period]')
			.filter({ hasText: insightsCopy.period.comparedWith(longDay(daysAgo(13)), longDay(daysAgo(7))) })
			.waitFor()
		expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
		await expectCharts(page, true)

		await page.getByLabel(insightsCopy.period.custom).check()
		await page.getByLabel(insightsCopy.period.from).fill(daysAgo(1))
		await page.getByLabel(insightsCopy.period.to).fill(today)
		await page.getByLabel(insightsCopy.period.compare).uncheck()
		await page.getByRole('button', { name: insightsCopy.period.apply }).click()
		await page
			.locator('[data-period]')
			.filter({ hasText: insightsCopy.period.showing(longDay(daysAgo(1)), longDay(today), 2) })
			.waitFor()
		expect(new URL(page.url()).searchParams.get('compare')).toBeNull()
		expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
		expect(await totals(page)).toMatchObject({ visitors: ['5', null] })

		// Hovering today's end of the traffic chart shows today's exact figures.
		const plot = page.getByRole('group', { name: new RegExp(`^${insightsCopy.traffic.chart}\\.`) })
		const tooltip = plot.locator('[data-chart-tooltip]')
		// Hovered again should the page still move after the navigation (its scroll is reset as it settles).
		await expect
			.poll(async () => {
				const box = await plot.boundingBox()
				await plot.hover({ position: { x: (box?.width ?? 0) - 4, y: (box?.height ?? 0) / 2 } })
				return tooltip.locator('p').allTextContents()
			})
			.toEqual([
				longDay(today),
				`${insightsCopy.traffic.columns.visitors}: 5`,
				`${insightsCopy.traffic.columns.pageViews}: 9`,
			])
		await page.mouse.move(0, 0)
		await tooltip.locator('p').first().waitFor({ state: 'detached' })

		// The keyboard moves through the days of the leads chart: focus shows the last one, Home the first.
		const leads = page.getByRole('group', { name: new RegExp(`^${insightsCopy.leads.chart}\\.`) })
		await leads.focus()
		const leadsTooltip = leads.locator('[data-chart-tooltip]')
		await leadsTooltip.filter({ hasText: `${insightsCopy.leads.total}: 3` }).waitFor()
		await expect(leadsTooltip).toHaveAttribute('aria-live', 'polite')
		await page.keyboard.press('Home')
		await leadsTooltip.filter({ hasText: longDay(daysAgo(1)) }).waitFor()
		expect(await leadsTooltip.locator('p').allTextContents()).toContain(`${insightsCopy.leads.total}: 0`)
		await page.keyboard.press('ArrowRight')
		await leadsTooltip.filter({ hasText: `${insightsCopy.leads.forms.beta}: 1` }).waitFor()
		await page.close()
	})

	test('has no accessibility violations and valid HTML at phone and desktop width, with hostile values kept in place', async () => {
		test.setTimeout(180_000)
		const search = '?period=7&compare=1'
		const page = await openInsights(withJs, search)
		await waitForHydration(page)
		// A toast fading in or out is measured mid-animation: check the page once they have gone.
		if (await page.locator('[data-sonner-toast]').count())
			await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
		for (const details of await page.locator('details').all()) await details.locator('summary').click()
		for (const [width, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect([width, await accessibilityViolations(page)]).toEqual([width, []])
			expect([width, await hostileEffects(page)]).toEqual([width, harmless])
		}
		const documents = await Promise.all(
			['', search, `?period=custom&from=${daysAgo(20)}&to=${daysAgo(10)}`, '?period=custom&from=x&to=y'].map(
				async (query) => ({
					name: `/admin/insights${query}`,
					html: (await rawRequest(`${site.url}/admin/insights${query}`, { cookie })).body,
				}),
			),
		)
		expect(await htmlErrors(documents)).toEqual([])
		await page.close()
	})
})
