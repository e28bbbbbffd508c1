import { gzipSync } from 'node:zlib'
import type { BrowserContext } from '@playwright/test'
import { waitForHydration } from './browser.ts'

/**
 * Budgets per route, gzip bytes: what a route downloads before it is interactive. Routes that ship no React load none of
 * the site's bundles at all (decision 015).
 */
export const ROUTE_BUDGETS = { javascript: 110 * 1024, css: 20 * 1024 } as const

export type RouteWeight = {
	route: string
	javascript: number
	css: number
	files: number
}

const gzipSizes = new Map<string, Promise<number>>()

function gzipSize(url: string) {
	let size = gzipSizes.get(url)
	if (!size) {
		size = fetch(url, { headers: { 'Accept-Encoding': 'gzip' } }).then(async (response) => {
			if (!response.ok) throw new Error(`${url} answered ${response.status}`)
			const body = Buffer.from(await response.arrayBuffer())
			const sent = response.headers.get('content-length')
			// The bytes a gzip-only browser receives: the served gzip twin, or what default gzip makes of the file.
			return response.headers.get('content-encoding') === 'gzip' && sent ? Number(sent) : gzipSync(body).length
		})
		gzipSizes.set(url, size)
	}
	return size
}

/** Sums the gzip size of every script and stylesheet a route's server HTML loads up front (lazy chunks excluded). */
export async function measureRoute(baseUrl: string, route: string): Promise<RouteWeight> {
	const html = await (await fetch(`${baseUrl}${route}`)).text()
	const links = [...html.matchAll(/<link\b[^>]*>/g)].map((match) => match[0])
	const hrefsOf = (rel: string) =>
		links.filter((tag) => tag.includes(` rel="${rel}"`)).map((tag) => /\shref="([^"]+)"/.exec(tag)?.[1] ?? '')
	const scripts = new Set([
		...hrefsOf('modulepreload'),
		...[...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? ''),
		...[...html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''),
	])
	const styles = new Set(hrefsOf('stylesheet'))
	const total = async (urls: Set<string>) =>
		(await Promise.all([...urls].map((url) => gzipSize(new URL(url, baseUrl).href)))).reduce((a, b) => a + b, 0)
	// The stylesheet is inlined in the head; it counts towards the CSS budget all the same.
	const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('')
	const css = (await total(styles)) + (inlineCss ? gzipSync(inlineCss).length : 0)
	return { route, javascript: await total(scripts), css, files: scripts.size + styles.size }
}

/** The script files a page loads in all, gzip bytes: the site's bundles (React, the router, pages) and the rest. */
export type LoadedJavaScript = { bundles: number; other: number; files: number }

/**
 * Everything a route loads as script files in Chromium, once it has loaded, hydrated (deferred page content included)
 * and the network has been quiet for half a second: more than before interactive, as the chunks the page fetches
 * after the shell and the analytics script count too. Inline scripts are in the HTML's weight.
 */
export async function measureLoadedJavaScript(
	context: BrowserContext,
	baseUrl: string,
	route: string,
): Promise<LoadedJavaScript> {
	const page = await context.newPage()
	try {
		await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' })
		await waitForHydration(page)
		await page.waitForLoadState('networkidle')
		const urls = await page.evaluate(() =>
			performance
				.getEntriesByType('resource')
				.map((entry) => entry.name)
				.filter((name) => new URL(name).pathname.endsWith('.js')),
		)
		const unique = [...new Set(urls)]
		const sizes = await Promise.all(unique.map(gzipSize))
		const isBundle = (url: string) => new URL(url).pathname.startsWith('/assets/')
		const sum = (pick: (url: string) => boolean) =>
			unique.reduce((total, url, index) => total + (pick(url) ? (sizes[index] ?? 0) : 0), 0)
		return { bundles: sum(isBundle), other: sum((url) => !isBundle(url)), files: unique.length }
	} finally {
		await page.close()
	}
}

/** What is wrong with a route's weight against the budgets; empty when nothing is. */
export function budgetProblems(weight: RouteWeight, loaded?: LoadedJavaScript, shipsReact = true): string[] {
	const problems: string[] = []
	const bundles = Math.max(weight.javascript, loaded?.bundles ?? 0)
	if (!shipsReact && bundles > 0)
		problems.push(`${weight.route}: ships no React yet loads ${kilobytes(bundles)} of the site's bundles`)
	if (weight.javascript > ROUTE_BUDGETS.javascript)
		problems.push(`${weight.route}: JavaScript ${kilobytes(weight.javascript)} is over budget`)
	if (weight.css > ROUTE_BUDGETS.css) problems.push(`${weight.route}: CSS ${kilobytes(weight.css)} is over budget`)
	return problems
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
