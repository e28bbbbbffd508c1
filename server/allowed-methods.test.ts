import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRequest } from '../tests/support/raw-request.ts'
import { allowedMethods } from './allowed-methods.ts'

const handler = () => null
const route = (id: string, fields: object, module: object) => ({ id, parentId: 'root', ...fields, module })

/** A route table shaped like the site's: pages, a page with an action, resource routes and the 404 splat. */
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
		'routes/events': route('routes/events', { path: '_insights/events' }, { loader: handler, action: handler }),
		'routes/not-found': route('routes/not-found', { path: '*' }, { loader: handler, default: handler }),
	},
	routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} as unknown as ServerBuild

let server: http.Server
let port: number

beforeAll(async () => {
	const app = express()
	app.set('trust proxy', 'loopback')
	app.use(allowedMethods(async () => build))
	app.use((_req, res) => {
		res.send('passed on')
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	port = (server.address() as AddressInfo).port
})

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve))
})

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
	sendRequest(`http://127.0.0.1:${port}`, method, path, headers)

describe('allowedMethods', () => {
	it('passes on what each route takes: GET and HEAD everywhere, POST where there is an action', async () => {
		for (const [method, path] of [
			['GET', '/'],
			['HEAD', '/pricing'],
			['GET', '/blog/a-post'],
			['POST', '/contact'],
			['POST', '/contact.data'],
			['POST', '/_insights/events'],
			['GET', '/no/such/page'],
			['GET', '/__manifest?p=/pricing'],
		] as const) {
			expect(await send(method, path), `${method} ${path}`).toMatchObject({ status: 200 })
		}
	})

	it('answers 405 with the methods the route takes for any other method', async () => {
		const pages = { status: 405, allow: 'GET, HEAD', body: 'Method Not Allowed' }
		expect(await send('TRACE', '/')).toEqual(pages)
		expect(await send('TRACE', '/pricing')).toEqual(pages)
		expect(await send('OPTIONS', '/blog/a-post')).toEqual(pages)
		expect(await send('DELETE', '/no/such/page')).toEqual(pages)
		expect(await send('PROPFIND', '/__manifest')).toEqual(pages)
		expect(await send('PUT', '/contact')).toEqual({ ...pages, allow: 'GET, HEAD, POST' })
		expect(await send('PATCH', '/_insights/events')).toEqual({ ...pages, allow: 'GET, HEAD, POST' })
	})

	it('passes a page posted to without an action on to React Router, which answers 405 in the layout, with Allow', async () => {
		expect(await send('POST', '/pricing')).toEqual({ status: 200, allow: 'GET, HEAD', body: expect.any(String) })
	})

	it("reads React Router's data requests as the page they load", async () => {
		expect(await send('POST', '/pricing.data')).toMatchObject({ status: 405, allow: 'GET, HEAD' })
		expect(await send('OPTIONS', '/_root.data')).toMatchObject({ status: 405, allow: 'GET, HEAD' })
		expect(await send('TRACE', '/contact.data?_routes=routes%2Fcontact')).toMatchObject({
			status: 405,
			allow: 'GET, HEAD, POST',
		})
	})

	it('answers 400 when the host the request names cannot make a URL', async () => {
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
				body: 'Bad Request',
			})
		}
		expect(await send('GET', '/pricing', { host: '[::1]:8080' })).toMatchObject({ status: 200 })
		expect(
			await send('GET', '/pricing', { host: 'example.com', 'x-forwarded-host': 'www.example.com:8443' }),
		).toMatchObject({
			status: 200,
		})
	})
})
