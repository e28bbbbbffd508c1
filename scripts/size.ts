// Prints the JavaScript and CSS (gzip) each route loads before it is interactive, against the budgets.

import { startServer } from '../tests/support/production-server.ts'
import { budgetProblems, kilobytes, measureRoute, ROUTE_BUDGETS } from '../tests/support/route-weight.ts'
import { auditedRoutes } from '../tests/support/site-routes.ts'
import { buildIfStale } from './build.ts'

process.env.NODE_ENV = 'production'
await buildIfStale()
const server = await startServer({ buildDir: process.env.BUILD_DIR || 'build' })
try {
	const rows = []
	for (const route of await auditedRoutes(server.url)) rows.push(await measureRoute(server.url, route))
	const problems = rows.map(budgetProblems)
	console.table(
		rows.map((row, index) => ({
			route: row.route,
			'JS (gzip)': kilobytes(row.javascript),
			'JS bytes': row.javascript,
			'CSS (gzip)': kilobytes(row.css),
			files: row.files,
			budget: problems[index]?.length ? 'OVER' : 'ok',
		})),
	)
	console.log(
		`Budgets: JavaScript ${kilobytes(ROUTE_BUDGETS.javascript)}, CSS ${kilobytes(ROUTE_BUDGETS.css)} per route.`,
	)
	for (const problem of problems.flat()) console.log(problem)
	process.exitCode = problems.flat().length ? 1 : 0
} finally {
	await server.stop()
}
