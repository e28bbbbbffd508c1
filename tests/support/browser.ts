import type { Browser, BrowserContext, Page } from '@playwright/test'
import { shareSession } from './console-server.ts'
import { test } from './test.ts'

export const viewports = {
	phone: { width: 390, height: 844 },
	desktop: { width: 1280, height: 800 },
} as const

/** How far the page scrolls sideways: 0 when nothing is wider than the window's content area. */
export const sidewaysScroll = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

export type BrowserOptions = {
	javaScriptEnabled?: boolean
	viewport?: { width: number; height: number }
	reducedMotion?: 'reduce' | 'no-preference'
	/** Headless Chromium names itself HeadlessChrome, which bot filters (rightly) drop. */
	userAgent?: string
	/** The browser's time zone (IANA), as a visitor's machine sets it. */
	timezoneId?: string
}

/** A fresh profile (cookies, storage, cache) in the worker's Chromium; close it when the spec is done. */
export function openBrowser(browser: Browser, options: BrowserOptions = {}): Promise<BrowserContext> {
	return browser.newContext({
		javaScriptEnabled: options.javaScriptEnabled ?? true,
		viewport: options.viewport ?? viewports.desktop,
		reducedMotion: options.reducedMotion ?? 'no-preference',
		userAgent: options.userAgent,
		timezoneId: options.timezoneId,
	})
}

/** A fresh profile signed in with a session cookie as the server set it (`name=value`); signed out without one. */
export async function openSignedInBrowser(browser: Browser, cookie: string, options: BrowserOptions = {}) {
	const context = await openBrowser(browser, options)
	if (cookie) await shareSession(cookie, context)
	return context
}

/** A profile with JavaScript and one without, opened before the spec's tests (call it in a `describe`) and closed after. */
export function browsersWithAndWithoutJavaScript() {
	const browsers = {} as { withJs: BrowserContext; withoutJs: BrowserContext }
	test.beforeAll(async ({ browser }) => {
		;[browsers.withJs, browsers.withoutJs] = await Promise.all([
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
	})
	test.afterAll(async () => {
		await Promise.all([browsers.withJs?.close(), browsers.withoutJs?.close()])
	})
	return browsers
}

/**
 * Waits until React runs the shell: it sets `data-hydrated` on the document. Page content may still be pending. A page
 * that ships no React (decision 015) has no boot script and is ready as it is; a page that loads React on
 * the visitor's first interaction gets one, a move of the pointer, as a visitor would.
 */
export async function waitForShellHydration(page: Page) {
	if (!(await shipsReact(page))) return
	if (await loadsReactOnInteraction(page)) {
		// Two moves: whatever the last position, one of them moves the pointer.
		await page.mouse.move(3, 3)
		await page.mouse.move(4, 4)
	}
	await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
}

/** Whether the page waits for the visitor's first interaction before it loads React (decision 015). */
const loadsReactOnInteraction = (page: Page) =>
	page.evaluate(() => document.documentElement.dataset.hydrate === 'on-interaction')

/**
 * Whether the page loads React: React Router's boot script (the document's one module script) is on it, or React has
 * hydrated it (the site marks the document; React Router may then take its scripts out).
 */
export const shipsReact = (page: Page) =>
	page.evaluate(
		() =>
			document.documentElement.hasAttribute('data-hydrated') ||
			document.querySelector('script[type="module"]') !== null,
	)

/**
 * Waits until React runs the page: the shell is hydrated and no page content is still `data-deferred="pending"`
 * (content hydrates after the shell, decision 008). Clicks then reach their handlers.
 */
export async function waitForHydration(page: Page) {
	await waitForShellHydration(page)
	await page.waitForFunction(() => document.querySelector('[data-deferred="pending"]') === null)
}

/**
 * Waits until the page's own clock (`performance.now()`, read at every animation frame) reads `ms` past `since`
 * (a moment in page time; now when not given). For checks that something did not happen: the timers and frames
 * the page had due by then have had their turn, however slowly the test itself ran.
 */
export async function waitForPageTime(page: Page, ms: number, since?: number) {
	const start = since ?? (await page.evaluate(() => performance.now()))
	await page.waitForFunction(([from, span]) => performance.now() >= from + span, [start, ms] as const, {
		polling: 'raf',
		timeout: ms + 10_000,
	})
}

/** Opens a page and waits until React has hydrated it (`domcontentloaded` when a script may never load). */
export async function gotoHydrated(
	context: BrowserContext,
	url: string,
	options: { waitUntil?: 'load' | 'domcontentloaded' } = {},
) {
	const page = await context.newPage()
	await page.goto(url, options)
	await waitForHydration(page)
	return page
}
