import type { BrowserContext } from '@playwright/test'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser } from '../support/browser.ts'
import { budgetProblems, measureLoadedJavaScript, measureRoute } from '../support/route-weight.ts'
import type { RunningServer } from '../support/server.ts'
import { auditedRoutes, routesWithoutReact } from '../support/site-routes.ts'

test.describe('JavaScript and CSS budgets', () => {
	let server: RunningServer
	let context: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		context = await openBrowser(browser)
	})
	test.afterAll(async () => {
		await context?.close()
	})

	test('keeps every route within the JavaScript and CSS budgets (gzip bytes), and the pages without React at none', async () => {
		// Every route loaded to network idle and hydrated, one after another: more than one page's time.
		test.setTimeout(180_000)
		const problems: string[] = []
		for (const route of await auditedRoutes(server.url)) {
			const loaded = await measureLoadedJavaScript(context, server.url, route)
			const shipsReact = !routesWithoutReact.includes(route)
			if (shipsReact) expect(loaded.bundles, route).toBeGreaterThan(0)
			problems.push(...budgetProblems(await measureRoute(server.url, route), loaded, shipsReact))
		}
		expect(problems).toEqual([])
	})

	test('keeps heavy parts out of the first load', async () => {
		const home = await (await fetch(`${server.url}/`)).text()
		expect(home).not.toMatch(/href="\/assets\/(?:sonner|network-graph|d3)[^"]*"/)
	})
})
