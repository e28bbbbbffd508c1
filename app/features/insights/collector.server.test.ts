import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { selectRows } from '#app/db/client.server.ts'
import { analyticsEvents, analyticsSalts } from '#app/db/schema.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { type CollectorContext, collectEvent, EVENTS_PER_WINDOW, MAX_EVENT_BYTES } from './collector.server.ts'
import { pruneAnalytics } from './events.server.ts'
import { INSIGHTS_EVENTS_PATH } from './events.ts'
import { routePatternOf } from './route-pattern.server.ts'

const SITE = 'http://127.0.0.1:3000'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const ADDRESS = '198.51.100.23'

// The shape of the site's route table: a root layout with an index, static, dynamic and catch-all children.
const routes = {
	root: { id: 'root', path: '' },
	'routes/home': { id: 'routes/home', parentId: 'root', index: true },
	'routes/pricing': { id: 'routes/pricing', parentId: 'root', path: 'pricing' },
	'routes/blog-post': { id: 'routes/blog-post', parentId: 'root', path: 'blog/:slug' },
	'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*' },
} as unknown as ServerBuild['routes']

function beacon(body: unknown, headers: Record<string, string> = {}) {
	return new Request(`${SITE}${INSIGHTS_EVENTS_PATH}`, {
		method: 'POST',
		headers: {
			'content-type': 'text/plain;charset=UTF-8',
			'user-agent': BROWSER,
			origin: SITE,
			'sec-fetch-site': 'same-origin',
			...headers,
		},
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})
}

describe('route patterns', () => {
	it('names the pattern that serves a path', () => {
		expect(routePatternOf(routes, '/')).toBe('/')
		expect(routePatternOf(routes, '/pricing')).toBe('/pricing')
		expect(routePatternOf(routes, '/blog/parked-pages')).toBe('/blog/:slug')
		expect(routePatternOf(routes, '/no/such/page')).toBe('/*')
	})
})

describe.each(databaseDrivers())('analytics collector on $name', (driver) => {
	const database = withTestDatabase(driver)
	let context: CollectorContext
	const stored = () => database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id)

	afterAll(async () => {})
	beforeEach(async () => {
		await database.db.execute(sql`TRUNCATE analytics_events, rate_limits`)
		context = {
			db: database.db,
			logger: pino({ level: 'silent' }),
			clientAddress: ADDRESS,
			siteUrl: SITE,
			routeOf: async (path) => routePatternOf(routes, path),
		}
	})

	it('stores a page view with its route pattern and a visitor hash, never the address or user agent', async () => {
		const response = await collectEvent(beacon({ name: 'page_view', path: '/blog/parked-pages' }), context)
		expect(response.status).toBe(204)
		expect(response.headers.get('set-cookie')).toBeNull()
		const [row] = await stored()
		expect(row).toMatchObject({ name: 'page_view', route: '/blog/:slug', path: '/blog/parked-pages', props: null })
		expect(row?.visitor_hash).toMatch(/^[0-9a-f]{32}$/)
		const everything = JSON.stringify(await selectRows(database.db, sql`SELECT * FROM analytics_events`))
		expect(everything).not.toContain(ADDRESS)
		expect(everything).not.toContain('Chrome')
	})

	it('gives one visitor the same hash all day and another visitor a different one', async () => {
		await collectEvent(beacon({ name: 'page_view', path: '/' }), context)
		await collectEvent(beacon({ name: 'beta_dialog_opened', path: '/pricing', props: { plan: 'Pro' } }), context)
		await collectEvent(beacon({ name: 'page_view', path: '/' }), { ...context, clientAddress: '198.51.100.99' })
		const [first, second, other] = await stored()
		expect(second?.visitor_hash).toBe(first?.visitor_hash)
		expect(second?.props).toEqual({ plan: 'Pro' })
		expect(other?.visitor_hash).not.toBe(first?.visitor_hash)
	})

	it("keeps a page view's referring host and campaign, cleaned, and drops what is not a host or campaign", async () => {
		const view = (referrer: string, campaign: Record<string, string>) =>
			collectEvent(beacon({ name: 'page_view', path: '/', referrer, campaign }), context)
		expect(
			(await view('News.Example.com', { utm_source: 'newsletter', utm_campaign: 'launch', ref: 'ph' })).status,
		).toBe(204)
		await view('https://www.search.example/?q=secret', { utm_medium: `  e\u202Email\u200B\n${'x'.repeat(300)}` })
		await view('<script>alert(1)</script>', { utm_source: '\u0000\u0007', utm_campaign: '<b>bold</b>' })
		await view('127.0.0.1', {})
		await collectEvent(
			beacon({ name: 'beta_dialog_opened', path: '/', referrer: 'other.example', campaign: { utm_source: 'x' } }),
			context,
		)
		const rows = (await stored()).map(({ referrer_host, utm_source, utm_medium, utm_campaign, ref }) => ({
			referrer_host,
			utm_source,
			utm_medium,
			utm_campaign,
			ref,
		}))
		const none = { referrer_host: null, utm_source: null, utm_medium: null, utm_campaign: null, ref: null }
		expect(rows).toEqual([
			{ ...none, referrer_host: 'news.example.com', utm_source: 'newsletter', utm_campaign: 'launch', ref: 'ph' },
			{ ...none, referrer_host: 'search.example', utm_medium: `email ${'x'.repeat(94)}` },
			{ ...none, utm_campaign: '<b>bold</b>' },
			none,
			none,
		])
		expect(JSON.stringify(await stored())).not.toContain('secret')
	})

	it.each([
		['a name that is not an event name', { name: 'Page View!', path: '/' }],
		['a name over 64 characters', { name: `e${'x'.repeat(64)}`, path: '/' }],
		['a funnel event only the server records', { name: 'beta_application_submitted', path: '/' }],
		['a path with a query string', { name: 'page_view', path: '/?email=a@example.com' }],
		['a path with a raw control character', { name: 'page_view', path: '/\u001b]52;c;aGk=\u0007' }],
		['a path over 512 characters', { name: 'page_view', path: `/${'a'.repeat(512)}` }],
		['a relative path', { name: 'page_view', path: 'pricing' }],
		[
			'more than 20 props',
			{ name: 'x', path: '/', props: Object.fromEntries([...Array(21)].map((_, i) => [`k${i}`, i])) },
		],
		['a long prop value', { name: 'x', path: '/', props: { note: 'x'.repeat(201) } }],
		['a nested prop', { name: 'x', path: '/', props: { nested: { a: 1 } } }],
		['an unknown field', { name: 'page_view', path: '/', ip: ADDRESS }],
		['an unknown campaign parameter', { name: 'page_view', path: '/', campaign: { gclid: 'x' } }],
		['a referrer that is not text', { name: 'page_view', path: '/', referrer: 42 }],
		['a body that is not JSON', 'page_view /'],
	])('answers 400 to %s and stores nothing', async (_, body) => {
		expect((await collectEvent(beacon(body), context)).status).toBe(400)
		expect(await stored()).toEqual([])
	})

	it('answers 413 to a body over 4 KB, 415 to a form post and 403 to another site', async () => {
		const big = { name: 'page_view', path: '/', props: { a: 'x'.repeat(MAX_EVENT_BYTES) } }
		expect((await collectEvent(beacon(big), context)).status).toBe(413)
		const form = beacon('name=page_view', { 'content-type': 'application/x-www-form-urlencoded' })
		expect((await collectEvent(form, context)).status).toBe(415)
		const crossSite = beacon(
			{ name: 'page_view', path: '/' },
			{ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
		)
		expect((await collectEvent(crossSite, context)).status).toBe(403)
		expect(await stored()).toEqual([])
	})

	it("accepts but does not count bots, Do Not Track, Global Privacy Control and the console's pages", async () => {
		const event = { name: 'page_view', path: '/' }
		const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
		expect((await collectEvent(beacon(event, { 'user-agent': bot }), context)).status).toBe(204)
		expect((await collectEvent(beacon(event, { dnt: '1' }), context)).status).toBe(204)
		expect((await collectEvent(beacon(event, { 'sec-gpc': '1' }), context)).status).toBe(204)
		for (const path of ['/admin/inbox', '/Admin/insights', '/%61dmin/leads/contact/1'])
			expect((await collectEvent(beacon({ name: 'page_view', path }), context)).status).toBe(204)
		expect(await stored()).toEqual([])
	})

	it(`answers 429 with Retry-After after ${EVENTS_PER_WINDOW} events a minute from one client`, async () => {
		for (let i = 0; i < EVENTS_PER_WINDOW; i++)
			expect((await collectEvent(beacon({ name: 'page_view', path: '/' }), context)).status).toBe(204)
		const refused = await collectEvent(beacon({ name: 'page_view', path: '/' }), context)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		const other = await collectEvent(beacon({ name: 'page_view', path: '/' }), {
			...context,
			clientAddress: '192.0.2.1',
		})
		expect(other.status).toBe(204)
		expect(await stored()).toHaveLength(EVENTS_PER_WINDOW + 1)
	})

	it('keeps events 90 days and forgets the salts of past days', async () => {
		await collectEvent(beacon({ name: 'page_view', path: '/' }), context)
		await database.db.insert(analyticsEvents).values([
			{ name: 'page_view', path: '/old', created_at: new Date(Date.now() - 91 * 86_400_000) },
			{ name: 'page_view', path: '/recent', created_at: new Date(Date.now() - 89 * 86_400_000) },
		])
		await database.db.insert(analyticsSalts).values({ day: '2020-01-01', salt: 'old' })
		await pruneAnalytics(database.db)
		expect((await stored()).map((row) => row.path)).toEqual(['/', '/recent'])
		const days = (await database.db.select().from(analyticsSalts)).map((row) => row.day)
		expect(days).toEqual([new Date().toISOString().slice(0, 10)])
	})
})
