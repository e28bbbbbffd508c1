import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequestHandler } from '@react-router/express'
import express, { type ErrorRequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeMethodsOf } from '#app/features/document/route-methods.server.ts'
import { sendRequest } from '#tests/support/raw-request.ts'
import { answerUnbuildableRequests, markRequestBuilt, refuseUnroutableMethods } from './allowed-methods.ts'

const handler = () => null
const route = (id: string, fields: object, module: object) => ({ id, parentId: 'root', ...fields, module })

/** A route table shaped like the site's: pages, a page with an action, a layout, resource routes and the 404 splat. */
const build = {
	routes: {
		root: { id: 'root', path: '', module: { loader: handler, default: handler } },
		'routes/home': route('routes/home', { index: true }, { loader: handler, default: handler }),
		'routes/pricing': route('routes/pricing', { path: 'pricing' }, { loader: handler, default: handler }),
		'routes/contact': route(
			'routes/contact',
			{ path: 'contact' },
			{ loader: handler, action: handler, default: handler },
		),
		'routes/blog-post': route('routes/blog-post', { path: 'blog/:slug' }, { loader: handler, default: handler }),
		'routes/area': route('routes/area', { path: 'admin' }, { default: handler }),
		'routes/inbox': { id: 'routes/inbox', parentId: 'routes/area', path: 'inbox', module: { loader: handler } },
		'routes/events': route('routes/events', { path: '_insights/events' }, { loader: handler, action: handler }),
		'routes/not-found': route('routes/not-found', { path: '*' }, { loader: handler, default: handler }),
	},
	routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} as unknown as ServerBuild

describe('routeMethodsOf', () => {
	const methods = routeMethodsOf(build.routes)

	it('gives the methods of the route a path ends on, by the pattern the router hands middleware', () => {
		expect(methods('/')).toEqual(['GET', 'HEAD'])
		expect(methods('contact')).toEqual(['GET', 'HEAD', 'POST'])
		expect(methods('blog/:slug')).toEqual(['GET', 'HEAD'])
		expect(methods('admin/inbox')).toEqual(['GET', 'HEAD'])
		expect(methods('_insights/events')).toEqual(['GET', 'HEAD', 'POST'])
		expect(methods('*')).toEqual(['GET', 'HEAD'])
	})

	it('knows no layout a path does not end on', () => {
		expect(methods('admin')).toBeUndefined()
	})
})

let server: http.Server
let port: number

/** React Router's real adapter, whose load context says the request reached the router. */
const adapter = createRequestHandler({
	build,
	getLoadContext: (_req, res) => {
		markRequestBuilt(res)
		throw new Error('reached the router')
	},
})

beforeAll(async () => {
	const app = express()
	app.set('trust proxy', 'loopback')
	app.use(refuseUnroutableMethods(async () => build))
	app.use(answerUnbuildableRequests(adapter))
	const reached: ErrorRequestHandler = (_error, _req, res, _next) => {
		res.status(299).send('reached the router')
	}
	app.use(reached)
	server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	port = (server.address() as AddressInfo).port
})

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve))
})

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
	sendRequest(`http://127.0.0.1:${port}`, method, path, headers)

describe('refuseUnroutableMethods', () => {
	it("passes on the methods React Router runs: the route middleware applies the route's policy", async () => {
		for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
			expect(await send(method, '/pricing'), method).toMatchObject({ status: 299 })
		}
	})

	it('answers 405 with the methods the route takes for a method React Router never runs', async () => {
		const pages = { status: 405, allow: 'GET, HEAD', body: 'Method Not Allowed' }
		expect(await send('TRACE', '/')).toMatchObject(pages)
		expect(await send('OPTIONS', '/blog/a-post')).toMatchObject(pages)
		expect(await send('PROPFIND', '/__manifest')).toMatchObject(pages)
		expect(await send('TRACE', '/no/such/page')).toMatchObject(pages)
		expect(await send('OPTIONS', '/contact')).toMatchObject({ ...pages, allow: 'GET, HEAD, POST' })
		expect(await send('TRACE', '/contact.data?_routes=routes%2Fcontact')).toMatchObject({
			...pages,
			allow: 'GET, HEAD, POST',
		})
		expect(await send('PURGE', '/_root.data')).toMatchObject(pages)
	})
})

describe('answerUnbuildableRequests', () => {
	it('answers 400 where the adapter cannot build a request from the host the client names', async () => {
		const hostile: Record<string, string>[] = [
			{ host: 'a b' },
			{ host: 'example.com:99999' },
			{ host: 'exa<mple.com' },
			{ host: '[::1' },
			{ host: 'example.com', 'x-forwarded-host': 'a b' },
			{ host: 'example.com', 'x-forwarded-proto': 'a b' },
		]
		for (const headers of hostile) {
			expect(await send('GET', '/pricing', headers), JSON.stringify(headers)).toEqual({
				status: 400,
				allow: undefined,
				location: undefined,
				body: 'Bad Request',
			})
		}
	})

	it('passes on every other failure as it is', async () => {
		expect(await send('GET', '/pricing', { host: '[::1]:8080' })).toMatchObject({ status: 299 })
		expect(
			await send('GET', '/pricing', { host: 'example.com', 'x-forwarded-host': 'www.example.com:8443' }),
		).toMatchObject({ status: 299 })
	})
})
