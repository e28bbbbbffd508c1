// Prints per route the JavaScript (gzip) a page loads before it is interactive and in total, and its CSS, against the
// budgets; routes that ship no React must load none of the site's bundles.

import { openBrowser } from '#tests/support/browser.ts'
import { launchChromium } from '#tests/support/chromium.ts'
import { startServer } from '#tests/support/production-server.ts'
import {
	budgetProblems,
	kilobytes,
	measureLoadedJavaScript,
	measureRoute,
	ROUTE_BUDGETS,
} from '#tests/support/route-weight.ts'
import { auditedRoutes, routesWithoutReact } from '#tests/support/site-routes.ts'
import { buildIfStale } from './build.ts'

process.env.NODE_ENV = 'production'
await buildIfStale()
const [server, chromium] = await Promise.all([
	startServer({ buildDir: process.env.BUILD_DIR || 'build' }),
	launchChromium(),
])
const browser = await openBrowser(chromium)
try {
	const rows = []
	for (const route of await auditedRoutes(server.url)) {
		const react = !routesWithoutReact.includes(route)
		const weight = await measureRoute(server.url, route)
		const loaded = await measureLoadedJavaScript(browser, server.url, route)
		rows.push({ weight, loaded, react, problems: budgetProblems(weight, loaded, react) })
	}
	console.table(
		rows.map(({ weight, loaded, react, problems }) => ({
			route: weight.route,
			React: react ? 'yes' : 'no',
			'JS before interactive': kilobytes(weight.javascript),
			'JS in total': kilobytes(loaded.bundles + loaded.other),
			'of which bundles': kilobytes(loaded.bundles),
			'CSS (gzip)': kilobytes(weight.css),
			'script files': loaded.files,
			budget: problems.length ? 'OVER' : 'ok',
		})),
	)
	console.log(
		`Budgets: JavaScript ${kilobytes(ROUTE_BUDGETS.javascript)} before interactive (none of the site's bundles on routes without React), CSS ${kilobytes(ROUTE_BUDGETS.css)} per route.`,
	)
	const problems = rows.flatMap((row) => row.problems)
	for (const problem of problems) console.log(problem)
	process.exitCode = problems.length ? 1 : 0
} finally {
	await Promise.all([chromium.close(), server.stop()])
}
