import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlErrors } from '../support/html-validator.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { auditedRoutes } from '../support/site-routes.ts'

describe('HTML validity', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(async () => {
		await server?.stop()
	})

	it('serves every route as HTML the Nu HTML Checker finds no error in', async () => {
		const routes = await auditedRoutes(server.url)
		const documents = await Promise.all(
			routes.map(async (route) => ({ name: route, html: await (await fetch(`${server.url}${route}`)).text() })),
		)
		expect(await htmlErrors(documents)).toEqual([])
	})
})
