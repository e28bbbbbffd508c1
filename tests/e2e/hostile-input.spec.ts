import net from 'node:net'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { openDatabase, selectRows } from '#app/db/client.server.ts'
import routeTable from '#app/routes.ts'
import { expect, test } from '#tests/support/test.ts'
import { sendRequest } from '../support/raw-request.ts'
import { type RunningServer, startServer } from '../support/server.ts'

const forms = [
	{
		path: '/beta-application',
		table: 'beta_applications',
		fields: ['full_name', 'email', 'company_name', 'domain_count', 'current_solution', 'why_interested'],
		optional: ['company_name', 'current_solution'],
	},
	{ path: '/community-interest', table: 'community_waitlist', fields: ['name', 'email'], optional: [] },
	{ path: '/contact', table: 'contact_messages', fields: ['name', 'email', 'subject', 'message'], optional: [] },
	{ path: '/newsletter', table: 'newsletter_subscribers', fields: ['email', 'name', 'source'], optional: ['name'] },
] as const

type Form = (typeof forms)[number]
type Pairs = [string, string][]

/** Text a hostile or careless client sends: any code point (lone surrogates too), NUL, bidi controls, combining marks, emoji. */
const hostileText = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 40 }),
	fc.string({ unit: 'grapheme', maxLength: 40 }),
	fc.constantFrom('\0', 'a\0b', '\u202Eevil\u202C', 'e\u0301\u0308', '👩‍👩‍👧‍👦🏳️‍🌈', '\uFEFF', 'ﷺ', '\u200B', ' '),
)
/** Values the schema accepts, still full of Unicode, so that some submissions get stored. */
const plausibleValue = (field: string) => {
	if (field === 'domain_count') return fc.integer({ min: 1, max: 1_000_000 }).map(String)
	if (field === 'source') return fc.constantFrom('', 'drill', 'blog_sidebar')
	if (field === 'email')
		return fc
			.string({ unit: 'grapheme', maxLength: 12 })
			.map((local) => `${local.replace(/[\s@]/gu, '')}+EMAIL@example.com`)
	return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).map((v) => `A${v}`)
}

const fieldsOf = (form: Form) =>
	fc.tuple(
		...form.fields.map((field) =>
			fc.tuple(fc.constant(field), fc.oneof({ weight: 3, arbitrary: plausibleValue(field) }, hostileText), fc.nat(9)),
		),
	)

/** A post of one kind, with fields dropped or repeated at random. */
const submission = fc.constantFrom(...forms).chain((form) =>
	fc.record({
		form: fc.constant(form),
		fields: fieldsOf(form),
		kind: fc.constantFrom('urlencoded', 'urlencoded', 'multipart', 'invalid-utf8', 'wrong-type', 'oversized'),
		wrongType: fc.constantFrom(
			'application/json',
			'text/plain',
			'application/xml',
			'application/x-www-form-urlencoded; charset=iso-8859-1',
			'',
		),
	}),
)

let counter = 0

/** Turns the generated fields into pairs: 0 drops a field, 1 repeats it with another value. */
function pairsOf(fields: readonly (readonly [string, string, number])[]): Pairs {
	const id = counter++
	return fields.flatMap(([name, value, roll]): Pairs => {
		const sent = value.replace('EMAIL', String(id))
		if (roll === 0) return []
		return roll === 1
			? [
					[name, sent],
					[name, `${sent}-second`],
				]
			: [[name, sent]]
	})
}

test.describe('hostile input against every lead form', () => {
	let server: RunningServer
	const accepted: { form: Form; pairs: Pairs }[] = []

	test.beforeAll(async () => {
		server = await startServer({ env: { RATE_LIMIT_MAX: '1000000000' } })
	})

	test.afterAll(async () => {
		await server?.stop()
	})

	test('answers only 2xx, 400, 413, 415 or 429 and keeps running', async () => {
		await fc.assert(
			fc.asyncProperty(submission, async ({ form, fields, kind, wrongType }) => {
				const pairs = pairsOf(fields)
				const encoded = new URLSearchParams(pairs).toString()
				let headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
				let body: BodyInit = encoded
				if (kind === 'multipart') {
					const formData = new FormData()
					for (const [name, value] of pairs) formData.append(name, value)
					body = formData
					headers = {}
				} else if (kind === 'invalid-utf8') {
					body = Buffer.concat([
						Buffer.from(`${encoded}&${form.fields[0]}=`),
						Buffer.from([0xc3, 0x28, 0xff]),
						Buffer.from('%FF%FE'),
					])
				} else if (kind === 'wrong-type') {
					headers = wrongType ? { 'content-type': wrongType } : {}
					body = wrongType === 'application/json' ? JSON.stringify(Object.fromEntries(pairs)) : Buffer.from(encoded)
				} else if (kind === 'oversized') {
					body = `${encoded}&padding=${'x'.repeat(70 * 1024)}`
				}
				const response = await fetch(`${server.url}${form.path}`, {
					method: 'POST',
					headers: { origin: server.url, ...headers },
					body,
				})
				await response.arrayBuffer()
				expect([200, 400, 413, 415, 429]).toContain(response.status)
				if (kind === 'invalid-utf8') expect(response.status).toBe(400)
				if (kind === 'wrong-type') expect(response.status).toBe(415)
				if (kind === 'oversized') expect(response.status).toBe(413)
				if (pairs.some(([, value]) => value.includes('\0'))) expect(response.status).not.toBe(200)
				if (response.status === 200) accepted.push({ form, pairs })
			}),
			{ seed: 20261123, numRuns: 300 },
		)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		expect(server.process.exitCode).toBeNull()
		// Enough generated submissions pass the schema that the storage check below means something.
		expect(accepted.length).toBeGreaterThan(20)
	})

	test('stores what it accepted exactly as sent (the first of repeated fields)', async () => {
		expect(await server.stop()).toBe(0)
		const handle = await openDatabase({ dataDir: server.dataDir })
		try {
			for (const { form, pairs } of accepted) {
				// What a browser would send: UTF-8 has no lone surrogates, so they arrive as U+FFFD.
				const sent = (name: string) =>
					Buffer.from(pairs.find(([field]) => field === name)?.[1] ?? '', 'utf8').toString('utf8')
				const [row] = await selectRows<Record<string, unknown>>(
					handle.db,
					sql`SELECT * FROM ${sql.identifier(form.table)} WHERE email = ${sent('email')}`,
				)
				expect(row, `${form.table} row of ${sent('email')}`).toBeDefined()
				for (const field of form.fields) {
					const value = sent(field)
					const optional = (form.optional as readonly string[]).includes(field)
					const expected =
						field === 'domain_count'
							? Number(value.trim())
							: field === 'source' && value === ''
								? newsletterCopy.defaultSource
								: optional && value.trim() === ''
									? null
									: value
					expect(row?.[field], field).toEqual(expected)
				}
			}
		} finally {
			await handle.close()
		}
	})
})

/** An analytics event as a careless or hostile script sends it: names, paths and props of any text. */
const hostileEvent = fc.record({
	name: fc.oneof(
		{ weight: 3, arbitrary: fc.constantFrom('page_view', 'beta_dialog_opened', 'cta_clicked', 'contact_sent') },
		hostileText,
	),
	path: fc.oneof(
		{
			weight: 3,
			arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map((v) => `/${v.replace(/[\s?#]/gu, '')}`),
		},
		hostileText.map((v) => `/${v}`),
	),
	props: fc.dictionary(
		fc.oneof({ weight: 6, arbitrary: fc.constantFrom('plan', 'source', 'step', 'label') }, hostileText),
		fc.oneof(hostileText, fc.integer(), fc.boolean(), fc.constant(null)),
		{ maxKeys: 3 },
	),
	kind: fc.constantFrom('json', 'json', 'text', 'invalid-utf8', 'wrong-type', 'oversized', 'not-json'),
})

test.describe('hostile input against the insights collector', () => {
	let server: RunningServer
	const accepted: { name: string; path: string; props: Record<string, unknown> }[] = []

	test.beforeAll(async () => {
		// Each event comes from its own address so that the per-client limit is not what is measured.
		server = await startServer({ env: { TRUST_PROXY: 'loopback' } })
	})

	test.afterAll(async () => {
		await server?.stop()
	})

	test('answers only 204, 400, 413, 415 or 429 and stores what it accepts exactly as sent', async () => {
		let client = 0
		await fc.assert(
			fc.asyncProperty(hostileEvent, async ({ name, path, props, kind }) => {
				// A unique path prefix finds this event's row again.
				const event = { name, path: `/hostile-${client}${path}`, props }
				const json = JSON.stringify(event)
				let contentType = kind === 'text' ? 'text/plain;charset=UTF-8' : 'application/json'
				let body: BodyInit = json
				if (kind === 'invalid-utf8')
					body = Buffer.concat([Buffer.from(json.slice(0, -2)), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])
				if (kind === 'wrong-type') contentType = 'application/x-www-form-urlencoded'
				if (kind === 'oversized') body = JSON.stringify({ ...event, props: { padding: 'x'.repeat(5 * 1024) } })
				if (kind === 'not-json') body = json.slice(0, -1)
				const response = await fetch(`${server.url}/_insights/events`, {
					method: 'POST',
					headers: {
						origin: server.url,
						'content-type': contentType,
						'user-agent':
							'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
						'x-forwarded-for': `10.9.${Math.floor(client / 250)}.${client % 250}`,
					},
					body,
				})
				client++
				await response.arrayBuffer()
				expect([204, 400, 413, 415, 429]).toContain(response.status)
				if (kind === 'invalid-utf8' || kind === 'not-json') expect(response.status).toBe(400)
				if (kind === 'wrong-type') expect(response.status).toBe(415)
				if (kind === 'oversized') expect(response.status).toBe(413)
				if (json.includes('\\u0000')) expect(response.status).not.toBe(204)
				// Funnel events such as contact_sent are recorded by the server alone; a script cannot forge one.
				if (name === 'contact_sent') expect(response.status).not.toBe(204)
				if (response.status === 204) accepted.push(event)
			}),
			{ seed: 20261123, numRuns: 200 },
		)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		expect(accepted.length).toBeGreaterThan(20)

		expect(await server.stop()).toBe(0)
		const handle = await openDatabase({ dataDir: server.dataDir })
		try {
			for (const event of accepted) {
				const rows = await selectRows<{ name: string; path: string; props: Record<string, unknown> | null }>(
					handle.db,
					sql`SELECT name, path, props FROM analytics_events WHERE path = ${event.path}`,
				)
				expect(rows, event.path).toHaveLength(1)
				expect(rows[0]?.name).toBe(event.name)
				expect(rows[0]?.props ?? {}).toEqual(event.props)
			}
		} finally {
			await handle.close()
		}
	})
})

/** Every route of the route table as its pattern: `/`, `/pricing`, `/blog/:slug`, `/admin/export/:file`, `/*`. */
const routePatterns = routeTable.map((route) => `/${route.path ?? ''}`)

const percentEncoded = (bytes: Uint8Array) =>
	[...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')

/** A path segment or query value as a hostile client writes it: escapes that do not decode, NUL, dot segments, any text. */
const hostileSegment = fc.oneof(
	{ weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,24}$/) },
	fc.constantFrom(
		'%',
		'%E0%A4%A',
		'%ff',
		'%00',
		'%zz',
		'..%2f',
		'%2e%2e',
		'..',
		'.',
		'%2F',
		'%C0%AE',
		'%ED%A0%80',
		'\\..\\',
	),
	fc.uint8Array({ maxLength: 12 }).map(percentEncoded),
	hostileText.map((text) => percentEncoded(Buffer.from(text, 'utf8'))),
)

/** A query string: the parameters the routes and React Router read, with hostile values, or one long one. */
const hostileQuery = fc.oneof(
	fc.constant(''),
	fc
		.array(
			fc.tuple(
				fc.oneof(fc.constantFrom('page', '_routes', 'token', 'index', 'p', 'version', 'utm_source'), hostileSegment),
				fc.oneof(hostileSegment, fc.constantFrom('', '=', '&', '%26', '%3D', 'root,routes%2Fpricing')),
			),
			{ minLength: 1, maxLength: 6 },
		)
		.map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`),
	// Long, yet under Node's 16 KB limit for the request head (longer is refused with 431 before the app runs).
	fc.integer({ min: 1_000, max: 12_000 }).map((length) => `?q=${'%00'.repeat(Math.floor(length / 3))}`),
)

/** A URL of any route, its parameters hostile, with React Router's data suffix, stray slashes and a hostile query. */
const hostileUrl = fc
	.record({
		pattern: fc.constantFrom(...routePatterns, '/_root.data', '/__manifest'),
		params: fc.array(hostileSegment, { minLength: 2, maxLength: 2 }),
		suffix: fc.constantFrom('', '', '', '/', '//', '.data', '%00', '/%00', '/..%2f', '/more/segments'),
		repeatSlashes: fc.boolean(),
		query: hostileQuery,
	})
	.map(({ pattern, params, suffix, repeatSlashes, query }) => {
		let param = 0
		const path = `${pattern.replace(/:\w+|\*/g, () => params[param++] ?? '')}${suffix}`
		return `${repeatSlashes ? path.replaceAll('/', '//') : path}${query}`
	})

/** Mostly what routes take, so that loaders and actions run; then methods Node's parser knows (FOO it refuses with 400). */
const hostileMethod = fc.oneof(
	{ weight: 5, arbitrary: fc.constantFrom('GET', 'GET', 'GET', 'HEAD') },
	{ weight: 2, arbitrary: fc.constant('POST') },
	{
		weight: 3,
		arbitrary: fc.constantFrom(
			'PUT',
			'DELETE',
			'PATCH',
			'OPTIONS',
			'TRACE',
			'PROPFIND',
			'M-SEARCH',
			'PURGE',
			'QUERY',
			'FOO',
		),
	},
)

type Answer = { status: number; allow: string | undefined }

/** The status and `Allow` of one request sent as it is. */
const send = async (...args: Parameters<typeof sendRequest>): Promise<Answer> => {
	const { status, allow } = await sendRequest(...args)
	return { status, allow }
}

/** Bytes as they are, which `http.request` refuses to send; the answer's status, or null when the server closes without one. */
function sendRaw(baseUrl: string, head: string) {
	const { hostname, port } = new URL(baseUrl)
	return new Promise<number | null>((resolve) => {
		let received = ''
		const socket = net.connect(Number(port), hostname, () => socket.write(Buffer.from(head, 'latin1')))
		socket.on('data', (chunk) => {
			received += chunk.toString('latin1')
		})
		// A refused head may be answered and the connection reset while the rest is still being sent.
		socket.on('error', () => {})
		socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]) || null))
	})
}

/** The server's log lines at error level or above (pino's 50 and 60). */
const errorLines = (server: RunningServer) =>
	server
		.output()
		.split('\n')
		.filter((line) => /"level":[56]0\b/.test(line))

test.describe('hostile URLs and methods against every route', () => {
	const adminToken = 'hostile-input-admin-token'
	let server: RunningServer

	test.beforeAll(async () => {
		server = await startServer({ env: { ADMIN_TOKEN: adminToken, RATE_LIMIT_MAX: '1000000000' } })
	})

	test.afterAll(async () => {
		await server?.stop()
	})

	test('answers TRACE and every other method a route does not take with 405 and the methods it takes', async () => {
		const page = { status: 405, allow: 'GET, HEAD' }
		const withAction = { status: 405, allow: 'GET, HEAD, POST' }
		const cases: [string, string, Answer][] = [
			['TRACE', '/', page],
			['TRACE', '/pricing', page],
			['TRACE', '/blog/parked-pages-vs-developed-sites', page],
			['TRACE', '/no-such-page', page],
			['TRACE', '/favicon.svg', page],
			['TRACE', '/healthz', page],
			['TRACE', '/contact', withAction],
			['TRACE', '/newsletter/unsubscribe?token=x', withAction],
			['OPTIONS', '/pricing', page],
			['OPTIONS', '/blog/rss.xml', page],
			['POST', '/pricing', page],
			['POST', '/admin/export/contact_messages.csv', page],
			['POST', '/pricing.data?_routes=%00', page],
			['PUT', '/contact', withAction],
			['DELETE', '/blog', page],
			['PATCH', '/_insights/script.js', page],
			['PROPFIND', '/_root.data', page],
			['M-SEARCH', '/__manifest?p=/pricing', page],
			['PURGE', '/sitemap.xml', page],
		]
		for (const [method, path, expected] of cases) {
			expect(await send(server.url, method, path), `${method} ${path}`).toEqual(expected)
		}
		// The analytics collector's loader exists only to refuse GET with 405; it counts as one all the same.
		expect(await send(server.url, 'TRACE', '/_insights/events')).toEqual(withAction)
		// Each is one info line of the request log.
		const trace = server
			.output()
			.split('\n')
			.find((line) => line.includes('"method":"TRACE","url":"/pricing"'))
		expect(trace).toContain('"level":30')
		expect(trace).toContain('"status":405')
		expect(errorLines(server)).toEqual([])
	})

	test('answers the known hostile URLs with a 4xx, or the page they name', async () => {
		const cases: [string, number][] = [
			['/%E0%A4%A', 400],
			['/%', 400],
			['/%00', 404],
			['/..%2f', 404],
			['/..%2f..%2fetc%2fpasswd', 404],
			['///pricing', 404],
			['/pricing%00', 404],
			['/admin/export/%00.csv', 401],
			['/?page=%00', 200],
			['/contact?x=%00', 200],
			['/pricing.data?_routes=%00', 200],
			['/Strategy_Call_Booked?%00=%00', 200],
			['/newsletter/unsubscribe?token=%00', 400],
			['/newsletter/unsubscribe.data?token=%ff', 400],
			[`/pricing?q=${'%00'.repeat(4_000)}`, 200],
		]
		for (const [path, status] of cases) {
			expect((await send(server.url, 'GET', path)).status, path).toBe(status)
		}
		// The blog answers these itself (404 or 400).
		for (const path of ['/blog/%ff', '/blog/%00', '/blog/x%00y', '/blog?page=%00', '/blog.data?page=%ff']) {
			expect(Math.floor((await send(server.url, 'GET', path)).status / 100), path).toBe(4)
		}
		expect(errorLines(server)).toEqual([])
	})

	test('answers a request it cannot make a URL of with 400, and one Node refuses before the app with a 4xx', async () => {
		// A Host that names no host: React Router's adapter throws building the URL (pages kept in memory need none).
		expect((await send(server.url, 'GET', '/admin', { host: 'a b' })).status).toBe(400)
		expect((await send(server.url, 'POST', '/contact', { host: 'example.com:99999' })).status).toBe(400)
		expect(await sendRaw(server.url, 'GET /pricing/ HTTP/1.0\r\n\r\n')).toBe(400)
		// Node's parser: an unknown method token, raw bytes in the path, an over-long request head.
		expect(await sendRaw(server.url, 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n')).toBe(400)
		expect(await sendRaw(server.url, 'GET /caf\xe9\x01 HTTP/1.1\r\nHost: x\r\n\r\n')).toBe(400)
		expect([431, null]).toContain(
			await sendRaw(server.url, `GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
		)
		// CONNECT is for proxies: Node closes the connection without an answer.
		expect(await sendRaw(server.url, 'CONNECT /pricing HTTP/1.1\r\nHost: x\r\n\r\n')).toBeNull()
		expect((await send(server.url, 'GET', '/healthz')).status).toBe(200)
		expect(errorLines(server)).toEqual([])
	})

	test('never answers 5xx to any route, URL or method and keeps answering', async () => {
		await fc.assert(
			fc.asyncProperty(hostileUrl, hostileMethod, fc.boolean(), async (url, method, credentials) => {
				const sendsBody = !['GET', 'HEAD', 'OPTIONS', 'TRACE', 'FOO'].includes(method)
				const headers: Record<string, string> = {
					origin: server.url,
					...(credentials ? { authorization: `Bearer ${adminToken}` } : {}),
					...(sendsBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
				}
				const { status } = await send(server.url, method, url, headers, sendsBody ? 'email=a%40b.example' : '')
				expect(status, `${method} ${url}`).toBeGreaterThanOrEqual(200)
				expect(status, `${method} ${url}`).toBeLessThan(500)
			}),
			{ seed: 20261124, numRuns: 600 },
		)
		expect((await send(server.url, 'GET', '/healthz')).status).toBe(200)
		expect(server.process.exitCode).toBeNull()
		expect(errorLines(server)).toEqual([])
	})
})
