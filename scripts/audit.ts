// Lighthouse (mobile, Debian Chromium, offline) five times on every route and on a static reference page served by
// nginx in the same run; prints medians and fails when a route is under budget. Five, because Lighthouse's variability
// guide finds the median of five runs about twice as stable as one run.
// AUDIT_RUNS changes the count, AUDIT_ROUTES=/a,/b limits the routes, AUDIT_DEBUG=1 prints each LCP element and
// the audits that cost points outside performance.
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type Result from 'lighthouse/types/lhr/lhr.js'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/support/chromium.ts'
import { startServer } from '#tests/support/production-server.ts'
import { kilobytes } from '#tests/support/route-weight.ts'
import { auditedRoutes } from '#tests/support/site-routes.ts'
import { buildIfStale } from './build.ts'
import { startNginx } from './lib/static-file-server.ts'

const RUNS = Number(process.env.AUDIT_RUNS || 5)
const BUDGET = { score: 100, lcpMs: 1500, tbtMs: 50, cls: 0 } as const
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const

type Run = Record<(typeof categories)[number], number> & { lcp: number; tbt: number; cls: number; js: number }

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** One Lighthouse run; a run that Lighthouse itself reports as broken (a lost trace) is repeated, twice at most. */
async function auditOnce(url: string, noindex: boolean, attempt = 1): Promise<Result> {
	const result = await lighthouse(url, {
		port: chrome.port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: [...categories],
		skipAudits: noindex ? ['is-crawlable'] : [],
	})
	if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
	const error = result.lhr.runtimeError
	if (!error) return result.lhr
	console.log(`${url}: Lighthouse failed (${error.code}), attempt ${attempt}`)
	return attempt < 3 ? auditOnce(url, noindex, attempt + 1) : result.lhr
}

/** Audits that cost points in accessibility, best practices or SEO. */
function failedAudits(lhr: Result) {
	return categories
		.filter((category) => category !== 'performance')
		.flatMap((category) => lhr.categories[category]?.auditRefs ?? [])
		.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
		.map((ref) => ref.id)
}

/** The main-thread tasks over 50 ms (throttled) that make up Total Blocking Time, with the script each ran. */
function longTasks(lhr: Result) {
	const items = (
		lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] }
	)?.items
	return (items ?? []).map(({ url, startTime, duration }) => ({
		url: url.replace(/^https?:\/\/[^/]+/, ''),
		start: Math.round(startTime),
		ms: Math.round(duration),
	}))
}

process.env.NODE_ENV = 'production'
await buildIfStale()
const server = await startServer({ buildDir: process.env.BUILD_DIR || 'build' })
const REFERENCE = 'static reference (nginx)'
const nginx = await startNginx({ '/reference/index.html': path.join(import.meta.dirname, 'lib/static-reference.html') })
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless'] })
try {
	const rows: (Run & { route: string })[] = []
	// Lighthouse does not audit error pages; the 404 page is covered by the size, HTML and axe checks.
	const only = process.env.AUDIT_ROUTES?.split(',')
	const routes = (await auditedRoutes(server.url)).filter(
		(route) => route !== '/no-such-page' && (!only || only.includes(route)),
	)
	const targets = [
		...routes.map((route) => ({ route, url: `${server.url}${route}` })),
		{ route: REFERENCE, url: `${nginx.url}/reference/` },
	]
	for (const { route, url } of targets) {
		// A page the spec keeps out of search engines loses the crawlability audit by design, not by fault.
		const noindex = /<meta name="robots" content="noindex/.test(await (await fetch(url)).text())
		const runs: Run[] = []
		for (let run = 0; run < RUNS; run++) {
			const lhr = await auditOnce(url, noindex)
			const { categories: scores, audits } = lhr
			const lcpElement = (audits['largest-contentful-paint-element']?.details as { items?: unknown[] })?.items
			if (process.env.AUDIT_DEBUG) {
				console.log(route, JSON.stringify(lcpElement?.[1]).slice(0, 900))
				console.log(route, 'failed:', failedAudits(lhr).join(', ') || 'none')
				console.log(route, 'long tasks:', JSON.stringify(longTasks(lhr)))
			}
			const scriptBytes = (
				audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
			)?.items?.find((item) => item.resourceType === 'script')?.transferSize
			runs.push({
				performance: Math.round((scores.performance?.score ?? 0) * 100),
				accessibility: Math.round((scores.accessibility?.score ?? 0) * 100),
				'best-practices': Math.round((scores['best-practices']?.score ?? 0) * 100),
				seo: Math.round((scores.seo?.score ?? 0) * 100),
				lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
				tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
				cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
				js: scriptBytes ?? 0,
			})
		}
		const pick = (key: keyof Run) => median(runs.map((run) => run[key]))
		rows.push({
			route,
			performance: pick('performance'),
			accessibility: pick('accessibility'),
			'best-practices': pick('best-practices'),
			seo: pick('seo'),
			lcp: pick('lcp'),
			tbt: pick('tbt'),
			cls: pick('cls'),
			js: pick('js'),
		})
		console.log(`audited ${route}`)
	}
	const under = rows.filter(
		(row) =>
			row.route !== REFERENCE &&
			(categories.some((category) => row[category] < BUDGET.score) ||
				row.lcp >= BUDGET.lcpMs ||
				row.tbt > BUDGET.tbtMs ||
				row.cls > BUDGET.cls),
	)
	console.table(
		rows.map((row) => ({
			route: row.route,
			perf: row.performance,
			a11y: row.accessibility,
			'best pr.': row['best-practices'],
			seo: row.seo,
			LCP: `${Math.round(row.lcp)} ms`,
			TBT: `${Math.round(row.tbt)} ms`,
			CLS: row.cls.toFixed(3),
			JS: kilobytes(row.js),
			budget: row.route === REFERENCE ? '' : under.includes(row) ? 'UNDER' : 'ok',
		})),
	)
	console.log(
		`Medians of ${RUNS} runs, Lighthouse mobile preset. Budget: ${BUDGET.score} in every category, LCP < ${BUDGET.lcpMs} ms, TBT ≤ ${BUDGET.tbtMs} ms, CLS ${BUDGET.cls}.`,
	)
	process.exitCode = under.length ? 1 : 0
} finally {
	chrome.kill()
	await Promise.all([server.stop(), nginx.stop()])
}
