import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowser } from '../support/browser.ts'
import { budgetProblems, measureLoadedJavaScript, measureRoute } from '../support/route-weight.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { auditedRoutes, routesWithoutReact } from '../support/site-routes.ts'

describe('JavaScript and CSS budgets', () => {
	let server: RunningServer
	let browser: BrowserContext
	beforeAll(async () => {
		;[server, browser] = await Promise.all([startServer(), openBrowser()])
	})
	afterAll(async () => {
		await Promise.all([browser?.close(), server?.stop()])
	})

	it('keeps every route within the JavaScript and CSS budgets (gzip bytes), and the pages without React at none', async () => {
		const problems: string[] = []
		for (const route of await auditedRoutes(server.url)) {
			const loaded = await measureLoadedJavaScript(browser, server.url, route)
			const shipsReact = !routesWithoutReact.includes(route)
			if (shipsReact) expect(loaded.bundles, route).toBeGreaterThan(0)
			problems.push(...budgetProblems(await measureRoute(server.url, route), loaded, shipsReact))
		}
		expect(problems).toEqual([])
	})

	it('keeps heavy parts out of the first load', async () => {
		const home = await (await fetch(`${server.url}/`)).text()
		expect(home).not.toMatch(/href="\/assets\/(?:sonner|network-graph|d3)[^"]*"/)
	})
})
