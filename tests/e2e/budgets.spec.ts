import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { budgetProblems, measureRoute } from '../support/route-weight.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { auditedRoutes } from '../support/site-routes.ts'

describe('JavaScript and CSS budgets', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(async () => {
		await server?.stop()
	})

	it('keeps every route within the JavaScript and CSS budgets (gzip bytes)', async () => {
		const problems: string[] = []
		for (const route of await auditedRoutes(server.url))
			problems.push(...budgetProblems(await measureRoute(server.url, route)))
		expect(problems).toEqual([])
	})

	it('keeps heavy parts out of the first load', async () => {
		const home = await (await fetch(`${server.url}/`)).text()
		expect(home).not.toMatch(/href="\/assets\/(?:sonner|network-graph|d3)[^"]*"/)
	})
})
