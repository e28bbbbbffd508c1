import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, type LaunchOptions, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts'

export const viewports = {
	phone: { width: 390, height: 844 },
	desktop: { width: 1280, height: 800 },
} as const

export type BrowserOptions = {
	javaScriptEnabled?: boolean
	viewport?: { width: number; height: number }
	reducedMotion?: 'reduce' | 'no-preference'
	/** Headless Chromium names itself HeadlessChrome, which bot filters (rightly) drop. */
	userAgent?: string
} & Pick<LaunchOptions, 'slowMo'>

/** A fresh Chromium profile for one spec; close it in afterAll. */
export async function openBrowser(options: BrowserOptions = {}): Promise<BrowserContext> {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-profile-'))
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM_PATH,
		args: CHROMIUM_ARGS,
		headless: true,
		javaScriptEnabled: options.javaScriptEnabled ?? true,
		viewport: options.viewport ?? viewports.desktop,
		reducedMotion: options.reducedMotion ?? 'no-preference',
		slowMo: options.slowMo,
		userAgent: options.userAgent,
	})
	// Chromium may still be writing its profile as it exits; a leftover temp folder is harmless.
	context.on('close', () => fs.rm(profile, { recursive: true, force: true, maxRetries: 5 }, () => {}))
	return context
}

/** Whether React has taken over the element a selector finds: a hydrated element carries a fiber property. */
const fiberOf = (selector: string) => {
	const element = document.querySelector(selector)
	return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
}

export const hasReactFiber = (page: Page, selector: string) => page.evaluate(fiberOf, selector)

/** Waits until React has taken over the element; `main` is the shell, page content may follow (decision 008). */
export const waitForReactFiber = (page: Page, selector = 'main') => page.waitForFunction(fiberOf, selector)

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers (`domcontentloaded` when a script may never load). */
export async function gotoHydrated(
	context: BrowserContext,
	url: string,
	options: { waitUntil?: 'load' | 'domcontentloaded' } = {},
) {
	const page = await context.newPage()
	await page.goto(url, options)
	await page.waitForFunction(() => {
		const main = document.querySelector('main')
		const hydrated = (node: Element | null) =>
			node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'))
		if (!hydrated(main)) return false
		// Page content hydrates after the shell: a Suspense boundary's first element has a fiber once it has.
		const boundaries = document.createTreeWalker(main as Element, NodeFilter.SHOW_COMMENT)
		for (let node = boundaries.nextNode(); node; node = boundaries.nextNode()) {
			if (!(node as Comment).data.startsWith('$')) continue
			let first = node.nextSibling
			while (first && !(first instanceof Element) && (first as Comment).data !== '/$') first = first.nextSibling
			if (first instanceof Element && !hydrated(first)) return false
		}
		return true
	})
	return page
}
