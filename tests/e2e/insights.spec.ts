import crypto from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from '@playwright/test'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import { openDatabase } from '#app/db/client.server.ts'
import { analyticsEvents } from '#app/db/schema.ts'
import { INSIGHTS_EVENTS_PATH, INSIGHTS_SCRIPT_PATH } from '#app/features/insights/events.ts'
import { MISSING_SCRIPT_WARNING, SCRIPT_CHECK_DELAY_MS } from '#app/features/insights/loader.server.ts'
import { expect, test } from '#tests/support/test.ts'
import { gotoHydrated, openBrowser, waitForHydration, waitForPageTime } from '../support/browser.ts'
import { type DatabaseLocation, reportLines as lines, insightsReport as report } from '../support/insights-report.ts'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { startServer } from '../support/server.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** The analytics script's API, and the events the test saw handed to it. */
type TrackedWindow = Window & {
	insights: { track: (name: string, props?: Record<string, unknown>) => void }
	tracked: string[]
}
/** A page that notes when it first handed an event to the browser (see the first-paint test). */
type BeaconTimedWindow = Window & { firstBeaconAt?: number }
/** Where the test sends a beacon of its own: the server answers 404, nothing records it. */
const MARKER_BEACON_PATH = '/e2e-marker-beacon'

/** What the collector stored; with the embedded database, only once the server has stopped. */
async function storedEvents(location: DatabaseLocation) {
	const database = await openDatabase(location)
	try {
		return await database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id)
	} finally {
		await database.close()
	}
}

const drivers: { name: string; location: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }> }[] =
	[{ name: 'pglite', location: async () => ({ env: {}, drop: async () => {} }) }]
const adminUrl = process.env.TEST_DATABASE_URL
if (adminUrl)
	drivers.push({
		name: 'postgres',
		location: async () => {
			const { databaseUrl, drop } = await createPostgresDatabase(adminUrl)
			return { env: { DATABASE_URL: databaseUrl }, drop }
		},
	})

for (const driver of drivers) {
	test.describe(`analytics collector and report on a real server (${driver.name})`, () => {
		test('stores page views and funnel events from the collector and forms, sets no cookie, and reports them', async () => {
			const { env, drop } = await driver.location()
			const server = await startServer({ env })
			const location: DatabaseLocation = env.DATABASE_URL
				? { databaseUrl: env.DATABASE_URL }
				: { dataDir: server.dataDir }
			try {
				const setCookies: string[] = []
				const request = async (url: string, init: RequestInit = {}) => {
					const response = await fetch(`${server.url}${url}`, init)
					setCookies.push(...response.headers.getSetCookie())
					return response
				}
				for (const page of ['/', '/pricing', '/blog', '/blog/parked-pages-vs-developed-sites', '/contact', '/nope']) {
					const response = await request(page)
					const html = await response.text()
					// Prerendered pages allow the loader by its hash, server renders by the response's nonce.
					const loader = /<script(?: nonce="([^"]+)")?>(const insightsLanding=[^<]*)<\/script>/.exec(html)
					const [, nonce, code] = loader ?? []
					const hash = crypto
						.createHash('sha256')
						.update(code ?? '')
						.digest('base64')
					expect(response.headers.get('content-security-policy')).toContain(
						nonce ? `'nonce-${nonce}'` : `'sha256-${hash}'`,
					)
					expect(code).toContain(INSIGHTS_SCRIPT_PATH)
				}

				const script = await request(INSIGHTS_SCRIPT_PATH)
				expect(script.status).toBe(200)
				expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
				expect(script.headers.get('cache-control')).toMatch(/max-age=\d+/)
				expect(gzipSync(await script.text()).length).toBeLessThan(2048)
				const revalidated = await request(INSIGHTS_SCRIPT_PATH, {
					headers: { 'if-none-match': script.headers.get('etag') ?? '' },
				})
				expect(revalidated.status).toBe(304)

				const send = (userAgent: string, event: object) =>
					request(INSIGHTS_EVENTS_PATH, {
						method: 'POST',
						headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, origin: server.url },
						body: JSON.stringify(event),
					})
				for (const path of ['/', '/pricing', '/blog/parked-pages-vs-developed-sites'])
					expect((await send(CHROME, { name: 'page_view', path })).status).toBe(204)
				expect((await send(CHROME, { name: 'beta_dialog_opened', path: '/pricing' })).status).toBe(204)
				expect((await send(FIREFOX, { name: 'page_view', path: '/' })).status).toBe(204)
				expect((await send(GOOGLEBOT, { name: 'page_view', path: '/' })).status).toBe(204)
				expect((await send(CHROME, { name: 'page_view', path: 'no-slash' })).status).toBe(400)

				const application = await request('/beta-application', {
					method: 'POST',
					headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME, origin: server.url },
					body: new URLSearchParams({
						full_name: 'Ada Lovelace',
						email: 'ada@example.com',
						company_name: 'Engines',
						domain_count: '12',
						why_interested: 'Warm my names',
					}),
				})
				expect(application.status).toBe(200)
				expect(await application.text()).toContain(betaCopy.successTitle)
				expect(setCookies).toEqual([])

				if ('dataDir' in location) {
					const refused = await report(location)
					expect(refused.code).toBe(1)
					expect(refused.stderr).toContain('Stop the server to read the report')
				}
				expect(await server.stop()).toBe(0)

				const rows = await storedEvents(location)
				expect(rows.map((row) => [row.name, row.route, row.path])).toEqual([
					['page_view', '/', '/'],
					['page_view', '/pricing', '/pricing'],
					['page_view', '/blog/:slug', '/blog/parked-pages-vs-developed-sites'],
					['beta_dialog_opened', '/pricing', '/pricing'],
					['page_view', '/', '/'],
					['beta_application_submitted', '/beta-application', '/beta-application'],
				])

				const { code, stdout, stderr } = await report(location)
				expect(code, stderr).toBe(0)
				const table = lines(stdout)
				expect(table).toContainEqual(['/', '2', '2'])
				expect(table).toContainEqual(['/pricing', '1', '1'])
				expect(table).toContainEqual(['/blog/parked-pages-vs-developed-sites', '1', '1'])
				expect(table).toContainEqual([new Date().toISOString().slice(0, 10), '2', '4'])
				expect(table).toContainEqual(['all', 'page view', '2', '100.0%'])
				expect(table).toContainEqual(['all', 'dialog opened', '1', '50.0%', '50.0%'])
				expect(table).toContainEqual(['all', 'application submitted', '1', '50.0%', '100.0%'])
			} finally {
				await server.stop()
				await drop()
			}
		})
	})
}

test.describe('analytics in Chromium', () => {
	let context: BrowserContext
	test.beforeAll(async ({ browser }) => {
		context = await openBrowser(browser, { userAgent: CHROME })
	})
	test.afterAll(async () => {
		await context?.close()
	})
	test.afterEach(() => {
		context.removeAllListeners('request')
	})

	/** The events the browser sends from now on (one page at a time), as the collector receives them. */
	function beacons() {
		const sent: { name: string; path: string }[] = []
		context.on('request', (request) => {
			if (request.url().endsWith(INSIGHTS_EVENTS_PATH)) sent.push(JSON.parse(request.postData() ?? '{}'))
		})
		return sent
	}

	const until = (check: () => boolean, what: string) =>
		expect.poll(check, { timeout: 15_000, intervals: [50], message: `waiting for ${what}` }).toBe(true)

	/** Opens the beta dialog on a page just navigated to, once it has scrolled itself to the top (a click racing that lands elsewhere). */
	const openBetaDialog = async (page: Page) => {
		const path = new URL(page.url()).pathname
		await page.locator(`html[data-scrolled-to-top="${path}"]`).waitFor({ state: 'attached' })
		await page.getByRole('button', { name: betaCopy.triggerLabel }).first().click()
		await page.getByRole('dialog', { name: betaCopy.title }).waitFor()
	}

	/** Records on the page every event the site hands to the analytics script, whether the script sends it or not. */
	const recordTracked = (page: Page) =>
		page.evaluate(() => {
			const w = window as unknown as TrackedWindow
			const track = w.insights.track
			w.tracked = []
			w.insights.track = (name, props) => {
				w.tracked.push(name)
				track(name, props)
			}
		})

	/** Waits until the site has handed the event to the analytics script (see recordTracked). */
	const trackedEvent = (page: Page, name: string) =>
		page.waitForFunction((event) => (window as unknown as TrackedWindow).tracked.includes(event), name, {
			timeout: 10_000,
		})

	/**
	 * Sends a beacon of the test's own and waits until the browser reports it: the browser reports requests in
	 * the order the page makes them, so any beacon the page sent before has been reported (and recorded) by then.
	 */
	async function beaconsReported(page: Page) {
		const marker = context.waitForEvent('request', {
			predicate: (request) => request.url().endsWith(MARKER_BEACON_PATH),
			timeout: 10_000,
		})
		expect(await page.evaluate((path) => navigator.sendBeacon(path, 'marker'), MARKER_BEACON_PATH)).toBe(true)
		await marker
	}

	const scriptLoaded = (page: Page) => page.waitForFunction(() => 'insights' in window, undefined, { timeout: 15_000 })

	test('sends a page view on load and on client navigation, and records opening the beta dialog', async () => {
		const server = await startServer({ env: { RATE_LIMIT_MAX: '1000' } })
		try {
			const sent = beacons()
			const page = await gotoHydrated(context, `${server.url}/`)
			await scriptLoaded(page)
			await until(() => sent.some((event) => event.path === '/'), 'the page view of /')
			await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).first().click()
			await page.waitForURL(`${server.url}/pricing`)
			await until(() => sent.some((event) => event.path === '/pricing'), 'the page view of /pricing')
			await openBetaDialog(page)
			await until(() => sent.some((event) => event.name === 'beta_dialog_opened'), 'the dialog event')
			expect(await page.evaluate(() => document.cookie)).toBe('')
			expect(sent).toEqual([
				{ name: 'page_view', path: '/' },
				{ name: 'page_view', path: '/pricing' },
				{ name: 'beta_dialog_opened', path: '/pricing' },
			])
			await page.close()
			expect(await server.stop()).toBe(0)

			const rows = await storedEvents({ dataDir: server.dataDir })
			expect(rows.map((row) => [row.name, row.route, row.path])).toEqual([
				['page_view', '/', '/'],
				['page_view', '/pricing', '/pricing'],
				['beta_dialog_opened', '/pricing', '/pricing'],
			])
			expect(new Set(rows.map((row) => row.visitor_hash)).size).toBe(1)
		} finally {
			await server.stop()
		}
	})

	for (const path of ['/privacy', '/']) {
		test(`sends the page view of ${path} only once the page has painted`, async ({ site: server }) => {
			const sent = beacons()
			const page = await context.newPage()
			// Notes when the page hands its first event to the browser, to compare with its first paint.
			await page.addInitScript(() => {
				const send = Navigator.prototype.sendBeacon
				Navigator.prototype.sendBeacon = function (...args) {
					;(window as BeaconTimedWindow).firstBeaconAt ??= performance.now()
					return send.apply(this, args)
				}
			})
			await page.goto(`${server.url}${path}`)
			await until(() => sent.length > 0, 'the page view')
			const { beaconAt, paintedAt } = await page.evaluate(() => ({
				beaconAt: (window as BeaconTimedWindow).firstBeaconAt ?? -1,
				paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
			}))
			expect(sent).toEqual([{ name: 'page_view', path }])
			expect(beaconAt).toBeGreaterThan(paintedAt)
			await page.close()
		})
	}

	test('counts a prerendered page once, when it is shown', async ({ site: server }) => {
		const sent = beacons()
		const page = await context.newPage()
		// Chromium prerenders nothing while DevTools drives it, so the page plays a prerendered one until it is shown.
		await page.addInitScript(() => {
			let prerendering = true
			Object.defineProperty(document, 'prerendering', { get: () => prerendering })
			document.addEventListener('prerenderingchange', () => (prerendering = false), { capture: true })
		})
		await page.goto(`${server.url}/privacy`)
		await waitForPageTime(page, 1000)
		await beaconsReported(page)
		expect(sent).toEqual([])
		expect(await page.evaluate(() => 'insights' in window)).toBe(false)
		await page.evaluate(() => document.dispatchEvent(new Event('prerenderingchange')))
		await scriptLoaded(page)
		await beaconsReported(page)
		expect(sent).toEqual([{ name: 'page_view', path: '/privacy' }])
		await page.close()
	})

	for (const [setting, optOut] of [
		[
			'Global Privacy Control',
			() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
		],
		['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
	] as const) {
		test(`sends nothing under ${setting}`, async () => {
			const server = await startServer()
			try {
				const sent = beacons()
				const page = await context.newPage()
				await page.addInitScript(optOut)
				await page.goto(`${server.url}/`)
				await waitForHydration(page)
				await scriptLoaded(page)
				await recordTracked(page)
				await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).first().click()
				await page.waitForURL(`${server.url}/pricing`)
				await openBetaDialog(page)
				await trackedEvent(page, 'beta_dialog_opened')
				await beaconsReported(page)
				expect(sent).toEqual([])
				await page.close()
				expect(await server.stop()).toBe(0)
				expect(await storedEvents({ dataDir: server.dataDir })).toEqual([])
			} finally {
				await server.stop()
			}
		})
	}

	test('warns once about a blocked script after the page loads, skips funnel events with a warning, and forms still work', async () => {
		const server = await startServer()
		try {
			const page = await context.newPage()
			await page.route(`**${INSIGHTS_SCRIPT_PATH}`, (route) => route.abort('blockedbyclient'))
			const warnings: { text: string }[] = []
			page.on('console', (message) => {
				if (message.type() === 'warning') warnings.push({ text: message.text() })
			})
			// The page's own clock times the warning: when the test hears of events depends on how busy the machine is.
			await page.addInitScript(() => {
				const warn = console.warn
				const warned: [string, number][] = []
				Object.assign(window, { warned })
				console.warn = (...args: unknown[]) => {
					warned.push([String(args[0]), performance.now()])
					warn(...args)
				}
			})
			await page.goto(`${server.url}/contact`)
			const missing = () => warnings.filter((warning) => warning.text === MISSING_SCRIPT_WARNING)
			await until(() => missing().length > 0, 'the missing-script warning')
			const { loadedAt, warnedAt } = await page.evaluate((text) => {
				const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
				const warned = (window as unknown as { warned: [string, number][] }).warned
				return { loadedAt: navigation?.loadEventStart ?? 0, warnedAt: warned.find(([t]) => t === text)?.[1] ?? 0 }
			}, MISSING_SCRIPT_WARNING)
			expect(warnedAt - loadedAt).toBeGreaterThanOrEqual(SCRIPT_CHECK_DELAY_MS - 5)

			await page.getByRole('button', { name: betaCopy.triggerLabel }).first().click()
			const dialog = page.getByRole('dialog', { name: betaCopy.title })
			await dialog.waitFor()
			await until(
				() => warnings.some((warning) => warning.text.includes('"beta_dialog_opened" skipped')),
				'the skip warning',
			)
			await dialog.getByRole('button', { name: betaCopy.cancel }).click()

			const form = page.getByRole('form', { name: 'Contact form' })
			await form.getByLabel('Name').fill('Blocked Script')
			await form.getByLabel('Email').fill('blocked@example.com')
			await form.getByLabel('Subject').fill('Still works')
			await form.getByLabel('Message').fill('The form does not need analytics.')
			await form.getByRole('button', { name: contactFormCopy.submit }).click()
			await page.getByText(contactFormCopy.success).first().waitFor()
			expect(missing()).toHaveLength(1)
			expect(await page.evaluate(() => document.cookie)).toBe('')
			await page.close()
			expect(await server.stop()).toBe(0)

			// The loader counts the page it loaded and the server counts the submission, script or not.
			const rows = await storedEvents({ dataDir: server.dataDir })
			expect(rows.map((row) => [row.name, row.path])).toEqual([
				['page_view', '/contact'],
				['contact_sent', '/contact'],
			])
		} finally {
			await server.stop()
		}
	})
})
