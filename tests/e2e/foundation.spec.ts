import path from 'node:path'
import { openDatabase } from '#app/db/client.server.ts'
import { contactMessages } from '#app/db/schema.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser, waitForHydration, waitForPageTime } from '../support/browser.ts'
import { expectServedFromMemory } from '../support/in-memory-page.ts'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { type RunningServer, spawnServer, startServer } from '../support/server.ts'
import { tempDir } from '../support/temp-dir.ts'

/** When React ran the page's shell, in page time. */
type HydrationWindow = Window & { hydratedAt?: number }

test.describe('production server on the embedded database', () => {
	// The worker's shared server: these tests only read, and a second process is refused before it touches the data.
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})

	test('serves the home page as server-rendered HTML and answers the health check', async () => {
		const page = await fetch(`${server.url}/`)
		expect(page.status).toBe(200)
		expect(page.headers.get('content-type')).toContain('text/html')
		expect(await page.text()).toMatch(/<h1[^>]*>From Parked to Profitable<\/h1>/)
		const health = await fetch(`${server.url}/healthz`)
		expect(health.status).toBe(200)
		expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' })
	})

	test('sends security headers with a fresh script nonce on every server render', async () => {
		const [a, b] = await Promise.all([fetch(`${server.url}/no-such-page`), fetch(`${server.url}/no-such-page`)])
		const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
		const nonceA = nonceOf(a.headers.get('content-security-policy'))
		expect(nonceA).toBeTruthy()
		expect(nonceA).not.toBe(nonceOf(b.headers.get('content-security-policy')))
		expect(await a.text()).toContain(`nonce="${nonceA}"`)
		expect(a.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
		expect(a.headers.get('x-content-type-options')).toBe('nosniff')
		expect(a.headers.get('referrer-policy')).toBeTruthy()
		expect(a.headers.get('strict-transport-security')).toContain('max-age=')
	})

	test('serves prerendered pages from memory, precompressed, with ETags and script hashes instead of a nonce', async () => {
		expect(await expectServedFromMemory(`${server.url}/pricing`)).toContain('<h1')
	})

	test('serves hashed assets as immutable for a year, precompressed with brotli or gzip', async () => {
		const html = await (await fetch(`${server.url}/`)).text()
		const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
		const response = await fetch(`${server.url}${asset}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		for (const encoding of ['br', 'gzip']) {
			const compressed = await fetch(`${server.url}${asset}`, { headers: { 'Accept-Encoding': encoding } })
			expect(compressed.headers.get('content-encoding')).toBe(encoding)
			expect(compressed.headers.get('content-type')).toContain('text/javascript')
			expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
			expect(await compressed.text()).toBe(await (await fetch(`${server.url}${asset}`)).text())
		}
	})

	for (const [path, hydration] of [
		['/', 'hydrates once the page has painted'],
		['/blog/parked-pages-vs-developed-sites', "hydrates on the reader's first interaction"],
	]) {
		test(`paints the server HTML before React hydrates, without a console error (${path} ${hydration})`, async ({
			browser,
		}) => {
			const context = await openBrowser(browser)
			const page = await context.newPage()
			const errors: string[] = []
			page.on('console', (message) => {
				if (message.type() === 'error') errors.push(message.text())
			})
			page.on('pageerror', (error) => errors.push(error.message))
			// The root marks the document once React runs it; the moment is read in page time. The observer watches the
			// document, as the init script runs before the page's <html> exists.
			await page.addInitScript(() => {
				new MutationObserver((_, observer) => {
					if (!document.documentElement.hasAttribute('data-hydrated')) return
					;(window as HydrationWindow).hydratedAt = performance.now()
					observer.disconnect()
				}).observe(document, { subtree: true, attributeFilter: ['data-hydrated'] })
			})
			await page.goto(`${server.url}${path}`)
			if (path !== '/') {
				await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
				await waitForPageTime(page, 500)
				expect(await page.evaluate(() => (window as HydrationWindow).hydratedAt)).toBeUndefined()
				await page.mouse.move(20, 20)
			}
			await waitForHydration(page)
			const { paint, hydratedAt } = await page.evaluate(() => ({
				paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
				hydratedAt: (window as HydrationWindow).hydratedAt ?? 0,
			}))
			expect(hydratedAt).toBeGreaterThan(paint)
			await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
			expect(errors).toEqual([])
			await context.close()
		})
	}

	test('refuses a second process on the same data folder and keeps the first one working', async () => {
		const second = spawnServer({ dataDir: server.dataDir })
		const code = await second.exited
		expect(code).not.toBe(0)
		expect(second.output()).toMatch(/already in use by process \d+/)
		expect(second.output()).toContain('DATABASE_URL')
		expect(second.output().trim().split('\n')).toHaveLength(1)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
	})
})

test.describe('start-up and shutdown', () => {
	test('stops with one line naming a bad variable and exit code 1', async () => {
		const run = spawnServer({ env: { PORT: 'abc' } })
		expect(await run.exited).toBe(1)
		expect(run.output().trim().split('\n')).toHaveLength(1)
		expect(run.output()).toContain('PORT')
	})

	test('exits 0 within 5 s on SIGTERM and keeps data and consecutive ids across restarts', async () => {
		const dataDir = path.join(tempDir('site-e2e-restart-'), 'data')
		const seed = await openDatabase({ dataDir })
		await seed.db.insert(contactMessages).values({ name: 'A', email: 'a@example.com', subject: 's', message: 'm' })
		await seed.close()

		const server = await startServer({ dataDir })
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		const started = Date.now()
		expect(await server.stop('SIGTERM')).toBe(0)
		expect(Date.now() - started).toBeLessThan(5_000)

		const reopened = await openDatabase({ dataDir })
		const [row] = await reopened.db
			.insert(contactMessages)
			.values({ name: 'B', email: 'b@example.com', subject: 's', message: 'm' })
			.returning()
		await reopened.close()
		expect(row?.id).toBe(2)
	})

	test('runs on PostgreSQL with the migrations applied', async () => {
		test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL')
		const { databaseUrl, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '')
		const server = await startServer({ env: { DATABASE_URL: databaseUrl } })
		try {
			expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ database: 'postgres' })
			const check = await openDatabase({ databaseUrl })
			const rows = await check.db.select().from(contactMessages)
			await check.close()
			expect(rows).toEqual([])
		} finally {
			expect(await server.stop()).toBe(0)
			await drop()
		}
	})
})
