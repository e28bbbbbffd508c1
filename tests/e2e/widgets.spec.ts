import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test'
import { HELP_CENTER_ATTEMPTS, HELP_CENTER_DELAY_STEP_MS } from '#app/features/widgets/help-center-loader.ts'
import { REVIEWS_RETRY_FOR_MS, REVIEWS_RETRY_MS, REVIEWS_START_DELAY_MS } from '#app/features/widgets/reviews-loader.ts'
import { expect, test } from '#tests/support/test.ts'
import { gotoHydrated, openBrowser, viewports, waitForPageTime } from '../support/browser.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { buildTestSite } from '../support/site-build.ts'
import { LATE_SCRIPT_DELAY_MS, type StandInLog, startWidgetServer } from '../support/widget-server.ts'

const REVIEWS_PAGE_URL = 'https://reviews.example.net/domain-rebels'
// Timers on a busy two-core machine run late, never early; this is how late we tolerate.
const SLACK_MS = 400

type WidgetWindow = Window & { __standIn?: StandInLog; __layoutShifts: string[] }
type LayoutShiftEntry = PerformanceEntry & {
	value: number
	hadRecentInput: boolean
	sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
}

test.describe('third-party widgets with stand-in scripts', () => {
	let widgets: Awaited<ReturnType<typeof startWidgetServer>>
	let build: Awaited<ReturnType<typeof buildTestSite>>
	let site: RunningServer
	let plainSite: RunningServer
	let context: BrowserContext
	let consoleErrors: string[] = []

	test.beforeAll(async ({ browser, site: sharedSite }) => {
		test.setTimeout(120_000)
		// The worker's shared server has no widget provider configured.
		plainSite = sharedSite
		widgets = await startWidgetServer()
		const env = { ...widgets.env, REVIEWS_PAGE_URL }
		build = await buildTestSite(env)
		;[site, context] = await Promise.all([startServer({ buildDir: build.buildDir, env }), openBrowser(browser)])
		await context.addInitScript(() => {
			const w = window as unknown as WidgetWindow
			w.__layoutShifts = []
			// When the second frame after parsing ended began (performance.now()), for the observer's first filter.
			let parsedAndPainted: number | undefined
			document.addEventListener('readystatechange', () => {
				if (document.readyState !== 'interactive') return
				requestAnimationFrame(() =>
					requestAnimationFrame(() => {
						parsedAndPainted = performance.now()
					}),
				)
			})
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries() as LayoutShiftEntry[]) {
					if (entry.hadRecentInput) continue
					// A busy machine may paint half-parsed HTML (a link before its text): the rest of the parse moves it in the first frame after parsing ends, before any widget code.
					if (parsedAndPainted === undefined || entry.startTime < parsedAndPainted) continue
					// The fixed header shrinking once the page scrolls past 50 px is the shell's own, not a widget's.
					const moved = entry.sources.flatMap(({ node, previousRect: from, currentRect: to }) => {
						const element = node instanceof Element ? node : node?.parentElement
						if (!element || element.closest('header')) return []
						return `${element.outerHTML.slice(0, 80)} from ${from.x},${from.y} ${from.width}×${from.height} to ${to.x},${to.y} ${to.width}×${to.height}`
					})
					if (moved.length)
						w.__layoutShifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`)
				}
			}).observe({ type: 'layout-shift', buffered: true })
		})
		context.on('console', (message) => {
			if (message.type() === 'error') consoleErrors.push(message.text())
		})
		context.on('weberror', (error) => consoleErrors.push(error.error().message))
	})

	test.afterAll(async () => {
		await context?.close()
		await Promise.all([site?.stop(), widgets?.close()])
		build?.remove()
	})

	test.afterEach(async () => {
		for (const page of context.pages()) await page.close()
		// Each test answers for its own errors only, whether or not the one before it failed.
		const errors = consoleErrors
		consoleErrors = []
		expect(errors).toEqual([])
	})

	async function open(path: string, modes: Parameters<typeof widgets.setModes>[0], server = site) {
		widgets.setModes(modes)
		const page = await gotoHydrated(context, `${server.url}${path}`, { waitUntil: 'domcontentloaded' })
		return { page }
	}

	/** When a widget started, in page time: it asks for its script as it starts (hydration may come much later). */
	const startOf = (page: Page, widget: 'reviews' | 'help') => widgets.requestedAtPageTime(widget, page)

	/** Waits for the widget container to settle and returns when (performance.now()) it did. */
	const settled = (page: Page, widget: string, state: 'ready' | 'failed') =>
		page
			.waitForFunction(
				([name, wanted]) =>
					document.querySelector(`[data-widget="${name}"]`)?.getAttribute('data-state') === wanted && performance.now(),
				[widget, state] as const,
				{ timeout: 10_000, polling: 20 },
			)
			.then((handle) => handle.jsonValue() as Promise<number>)

	const standIn = (page: Page) =>
		page.evaluate(() => (window as unknown as WidgetWindow).__standIn ?? { reviewsInit: [], helpCreated: [] })
	/** Layout shifts outside the header since the page opened, described by the elements that moved. */
	const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as WidgetWindow).__layoutShifts)
	const gaps = (times: number[]) => times.slice(1).map((time, index) => time - (times[index] ?? 0))
	const showWidget = (page: Page, widget: string) =>
		page.evaluate(
			(name) => document.querySelector(`[data-widget="${name}"]`)?.scrollIntoView({ block: 'center' }),
			widget,
		)

	test.describe('home reviews: retried every 100 ms for up to 5 s', () => {
		test('initialises a late script at the next retry, once, without shifting the layout', async () => {
			const { page } = await open('/', { reviews: 'late' })
			// The widget starts retrying before it scrolls into view: its loader has asked for the provider's script.
			await page.locator(`script[src="${widgets.env.REVIEWS_WIDGET_SCRIPT_URL}"]`).waitFor({ state: 'attached' })
			await showWidget(page, 'reviews')
			const readyAt = await settled(page, 'reviews', 'ready')
			const log = await standIn(page)
			expect(log.reviewsLoadedAt).toBeGreaterThan(LATE_SCRIPT_DELAY_MS)
			expect(log.reviewsInit).toHaveLength(1)
			expect((log.reviewsInit[0] ?? 0) - (log.reviewsLoadedAt ?? 0)).toBeLessThanOrEqual(REVIEWS_RETRY_MS + SLACK_MS)
			expect(readyAt).toBeGreaterThanOrEqual(log.reviewsInit[0] ?? 0)
			await expect(page.getByText('Stand-in review for widget stand-in-42')).toBeVisible()
			await expect(page.getByText('Loading reviews')).toHaveCount(0)
			expect(await layoutShifts(page)).toEqual([])
		})

		test('retries a throwing widget every 100 ms for 5 s, then shows the fallback and stops', async () => {
			const { page } = await open('/', { reviews: 'throws' })
			await showWidget(page, 'reviews')
			const failedAt = await settled(page, 'reviews', 'failed')
			const log = await standIn(page)
			const attempts = log.reviewsInit
			const first = attempts[0] ?? 0
			const last = attempts.at(-1) ?? 0
			// The script ran before most attempts, so nearly all 51 attempts (at 0, 100, … 5000 ms) reached it.
			expect(attempts.length).toBeGreaterThanOrEqual(35)
			expect(attempts.length).toBeLessThanOrEqual(REVIEWS_RETRY_FOR_MS / REVIEWS_RETRY_MS + 1)
			expect(Math.min(...gaps(attempts))).toBeGreaterThanOrEqual(REVIEWS_RETRY_MS - 2)
			expect(last - first).toBeLessThanOrEqual(REVIEWS_RETRY_FOR_MS + REVIEWS_RETRY_MS)
			expect(last - first).toBeGreaterThanOrEqual(REVIEWS_RETRY_FOR_MS - 1500)
			expect(failedAt - last).toBeLessThanOrEqual(SLACK_MS)
			// Five more retries would have been due by then.
			await waitForPageTime(page, 5 * REVIEWS_RETRY_MS, failedAt)
			expect((await standIn(page)).reviewsInit).toHaveLength(attempts.length)
			const container = page.locator('[data-widget="reviews"]')
			expect(await container.evaluate((element) => getComputedStyle(element).minHeight)).toBe('300px')
			await expect(container.getByText('Reviews cannot be shown right now.')).toBeVisible()
			await expect(container.getByRole('link', { name: /Read our reviews/ })).toHaveAttribute('href', REVIEWS_PAGE_URL)
			expect(await layoutShifts(page)).toEqual([])
		})

		test('gives up on a script that never arrives after 5 s, and the page keeps working', async () => {
			const { page } = await open('/', { reviews: 'never' })
			await showWidget(page, 'reviews')
			const failedAt = await settled(page, 'reviews', 'failed')
			const startedAt = await startOf(page, 'reviews')
			expect(failedAt - startedAt).toBeGreaterThanOrEqual(REVIEWS_RETRY_FOR_MS - 600)
			expect(failedAt - startedAt).toBeLessThanOrEqual(REVIEWS_RETRY_FOR_MS + SLACK_MS)
			expect(await layoutShifts(page)).toEqual([])
			await page.setViewportSize(viewports.phone)
			await page.getByRole('button', { name: 'Open menu' }).click()
			await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
		})
	})

	test.describe('/reviews: one start 500 ms after the script loaded, 600 px reserved', () => {
		test('initialises a late script once with the fixed widget id about 500 ms after it loaded', async () => {
			const { page } = await open('/reviews', { reviews: 'late' })
			const container = page.locator('[data-widget="reviews"]')
			expect(await container.evaluate((element) => getComputedStyle(element).minHeight)).toBe('600px')
			await expect(container.getByText('Loading reviews')).toBeVisible()
			await settled(page, 'reviews', 'ready')
			const log = await standIn(page)
			expect(log.reviewsInit).toHaveLength(1)
			const delay = (log.reviewsInit[0] ?? 0) - (log.reviewsLoadedAt ?? 0)
			expect(delay).toBeGreaterThanOrEqual(REVIEWS_START_DELAY_MS - 2)
			expect(delay).toBeLessThanOrEqual(REVIEWS_START_DELAY_MS + SLACK_MS)
			await expect(container.getByText('Stand-in review for widget stand-in-42')).toBeVisible()
			expect(await layoutShifts(page)).toEqual([])
		})

		test('only logs a throwing widget, tries once and shows the fallback', async () => {
			const warnings: string[] = []
			// Listening before the page opens: the widget may fail before hydration has finished on a busy machine.
			const collect = (message: ConsoleMessage) => {
				if (message.type() === 'warning') warnings.push(message.text())
			}
			context.on('console', collect)
			try {
				const { page } = await open('/reviews', { reviews: 'throws' })
				const failedAt = await settled(page, 'reviews', 'failed')
				// A second attempt, had there been one, would have been due by then.
				await waitForPageTime(page, 300, failedAt)
				const log = await standIn(page)
				expect(log.reviewsInit).toHaveLength(1)
				expect((log.reviewsInit[0] ?? 0) - (log.reviewsLoadedAt ?? 0)).toBeGreaterThanOrEqual(
					REVIEWS_START_DELAY_MS - 2,
				)
				expect(warnings.some((text) => text.includes('reviews widget is unavailable'))).toBe(true)
				await expect(page.getByText('Reviews cannot be shown right now.')).toBeVisible()
				expect(await layoutShifts(page)).toEqual([])
			} finally {
				context.off('console', collect)
			}
		})

		test('shows the fallback 5 s after start when the script never arrives', async () => {
			const { page } = await open('/reviews', { reviews: 'never' })
			const failedAt = await settled(page, 'reviews', 'failed')
			const startedAt = await startOf(page, 'reviews')
			expect(failedAt - startedAt).toBeGreaterThanOrEqual(REVIEWS_RETRY_FOR_MS - 600)
			expect(failedAt - startedAt).toBeLessThanOrEqual(REVIEWS_RETRY_FOR_MS + SLACK_MS)
			await expect(page.getByRole('link', { name: /Read our reviews/ })).toBeVisible()
			expect(await layoutShifts(page)).toEqual([])
		})
	})

	test.describe('/support: up to 10 attempts with growing delays', () => {
		test('shows a loading state, mounts a late widget and scrolls to the top on article clicks', async () => {
			const { page } = await open('/support', { help: 'late' })
			await expect(page.getByText('Loading help articles')).toBeVisible()
			await settled(page, 'help-center', 'ready')
			const log = await standIn(page)
			expect(log.helpCreated).toHaveLength(1)
			// The longest wait between two attempts is 9 steps.
			expect((log.helpCreated[0] ?? 0) - (log.helpLoadedAt ?? 0)).toBeLessThanOrEqual(
				9 * HELP_CENTER_DELAY_STEP_MS + SLACK_MS,
			)
			expect(await layoutShifts(page)).toEqual([])
			await page.evaluate(() => window.scrollTo(0, 400))
			expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
			await page.getByRole('link', { name: 'Importing your portfolio' }).click()
			await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0)
			await expect(page.getByText('Article: Importing your portfolio')).toBeVisible()
		})

		test('tries a throwing widget 10 times, each wait longer than the last, then offers Contact Support', async () => {
			const { page } = await open('/support', { help: 'throws' })
			const failedAt = await settled(page, 'help-center', 'failed')
			// An 11th attempt, had there been one, would have been due 10 steps after the 10th.
			await waitForPageTime(page, HELP_CENTER_ATTEMPTS * HELP_CENTER_DELAY_STEP_MS, failedAt)
			const { helpCreated: attempts, helpLoadedAt } = await standIn(page)
			// Attempts before the script arrived find no element; from then on every attempt reaches it, up to the 10th.
			expect(attempts.length).toBeGreaterThanOrEqual(2)
			expect(attempts.length).toBeLessThanOrEqual(HELP_CENTER_ATTEMPTS)
			const waits = gaps(attempts)
			// The wait after attempt n is n steps, one more than the last: consecutive attempts, the last of them the 10th.
			// Each is held to its own bounds, never to its neighbour's: a timer that fires late makes one gap long and the
			// next look short by comparison, under load.
			const firstRecorded = HELP_CENTER_ATTEMPTS - attempts.length + 1
			for (const [index, wait] of waits.entries()) {
				const expected = (firstRecorded + index) * HELP_CENTER_DELAY_STEP_MS
				expect(wait).toBeGreaterThanOrEqual(expected - HELP_CENTER_DELAY_STEP_MS / 2)
				expect(wait).toBeLessThanOrEqual(expected + SLACK_MS)
			}
			// The first attempt after the script arrived reached the element.
			expect((attempts[0] ?? 0) - (helpLoadedAt ?? 0)).toBeLessThanOrEqual(
				(firstRecorded - 1) * HELP_CENTER_DELAY_STEP_MS + SLACK_MS,
			)
			const container = page.locator('[data-widget="help-center"]')
			expect(await container.evaluate((element) => getComputedStyle(element).minHeight)).toBe('400px')
			expect(
				await container.getByText('The help center cannot be shown right now.', { exact: false }).isVisible(),
			).toBe(true)
			await expect(container.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
			expect(await layoutShifts(page)).toEqual([])
		})

		test('falls back after the last attempt when the script never arrives, and the fallback link navigates', async () => {
			const { page } = await open('/support', { help: 'never' })
			const failedAt = await settled(page, 'help-center', 'failed')
			const startedAt = await startOf(page, 'help')
			const allWaits = 45 * HELP_CENTER_DELAY_STEP_MS
			expect(failedAt - startedAt).toBeGreaterThanOrEqual(allWaits - 600)
			expect(failedAt - startedAt).toBeLessThanOrEqual(allWaits + SLACK_MS)
			await page.locator('[data-widget="help-center"]').getByRole('link', { name: 'Contact Support' }).click()
			await page.waitForURL(/\/contact$/)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		})
	})

	test.describe('no provider configured', () => {
		test('leaves the widgets out and allows no widget host in the policy', async () => {
			for (const path of ['/', '/reviews', '/support']) {
				const { page } = await open(path, {}, plainSite)
				await expect(page.locator('[data-widget]')).toHaveCount(0)
				expect(await standIn(page)).toEqual({ reviewsInit: [], helpCreated: [] })
				expect(await layoutShifts(page)).toEqual([])
			}
			const plainPolicy = (await fetch(`${plainSite.url}/`)).headers.get('content-security-policy') ?? ''
			expect(plainPolicy).not.toContain(widgets.url)
			const policy = (await fetch(`${site.url}/`)).headers.get('content-security-policy') ?? ''
			expect(policy).toMatch(new RegExp(`script-src 'self'(?: '(?:nonce|sha256)-[^']+')+ ${widgets.url};`))
			expect(policy.match(new RegExp(widgets.url, 'g'))).toHaveLength(4)
		})
	})

	test.describe('without JavaScript', () => {
		test('serves the no-script messages and the reviews link in place of the widgets', async ({ browser }) => {
			const reviews = await (await fetch(`${site.url}/reviews`)).text()
			expect(reviews).toMatch(
				new RegExp(
					`<noscript><div[^>]*><p>Please enable JavaScript to view customer reviews.</p><a href="${REVIEWS_PAGE_URL}"`,
				),
			)
			expect(reviews).toMatch(/<p class="js-only [^"]*" role="status">Loading reviews…<\/p>/)
			const support = await (await fetch(`${site.url}/support`)).text()
			expect(support).toMatch(/<noscript><p class="[^"]*">Please enable JavaScript to browse the help center articles./)
			const noScript = await openBrowser(browser, { javaScriptEnabled: false })
			try {
				const page = await noScript.newPage()
				await page.goto(`${site.url}/support`)
				const container = page.locator('[data-widget="help-center"]')
				// Playwright's text queries skip <noscript>, so the message is found by its place.
				const message = container.locator('noscript > p')
				await expect(message).toHaveText('Please enable JavaScript to browse the help center articles.')
				await expect(message).toBeVisible()
				expect(await container.evaluate((element) => getComputedStyle(element).minHeight)).toBe('400px')
			} finally {
				await noScript.close()
			}
		})
	})
})
