import { expect, test } from '#tests/support/test.ts'
import { htmlErrors } from '../support/html-validator.ts'
import type { RunningServer } from '../support/server.ts'
import { auditedRoutes } from '../support/site-routes.ts'

test.describe('HTML validity', () => {
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})

	test('serves every route as HTML the Nu HTML Checker finds no error in', async () => {
		const routes = await auditedRoutes(server.url)
		const documents = await Promise.all(
			routes.map(async (route) => ({ name: route, html: await (await fetch(`${server.url}${route}`)).text() })),
		)
		expect(await htmlErrors(documents)).toEqual([])
	})
})
