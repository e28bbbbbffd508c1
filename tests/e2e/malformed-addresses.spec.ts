import http from 'node:http'
import { badAddressPage } from '#app/content/not-found.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser } from '../support/browser.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { sendRequest } from '../support/raw-request.ts'
import type { RunningServer } from '../support/server.ts'

/** Paths whose percent-encoding cannot be decoded: a bad escape, a cut UTF-8 sequence, a lone percent sign. */
const malformedPaths = ['/%ZZ', '/blog/%E0%A4%A', '/%', '/pricing/%zz/more']

/** The answer headers of a path sent as it is (Node's fetch would normalise it). */
function headersOf(baseUrl: string, path: string) {
	const { hostname, port } = new URL(baseUrl)
	return new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
		http
			.get({ host: hostname, port, path }, (response) => {
				response.resume()
				resolve(response.headers)
			})
			.on('error', reject)
	})
}

test.describe('malformed addresses', () => {
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})

	test('answers 400 with the site layout, a way home and the headers of the 404 page', async () => {
		const notFound = await fetch(`${server.url}/no-such-page`)
		await notFound.text()
		for (const path of malformedPaths) {
			const raw = await sendRequest(server.url, 'GET', path)
			expect([path, raw.status]).toEqual([path, 400])
			const html = raw.body
			expect(html).toMatch(/^<!DOCTYPE html>/i)
			expect(html).toContain(`<title>${badAddressPage.title}`)
			expect(html).toContain(badAddressPage.heading)
			expect(html).toContain('<header')
			expect(html).toContain('<footer')
			expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return Home<\/a>/)
			expect(html).toContain('noindex,nofollow')
			expect(html).not.toMatch(/\bat .+\.(?:js|ts):\d+/)
		}
		const head = await headersOf(server.url, '/%ZZ')
		for (const name of ['cache-control', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
			expect([name, head[name] ?? null]).toEqual([name, notFound.headers.get(name)])
		}
		expect(head['content-security-policy']).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/)
		expect(head['content-type']).toMatch(/^text\/html/)
	})

	test('shows the message and the way home in Chromium without JavaScript', async ({ browser }) => {
		const context = await openBrowser(browser, { javaScriptEnabled: false })
		try {
			const page = await context.newPage()
			const response = await page.goto(`${server.url}/%ZZ`)
			expect(response?.status()).toBe(400)
			await page.getByRole('heading', { level: 1, name: badAddressPage.heading }).waitFor()
			await page.getByText(badAddressPage.description).waitFor()
			await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).waitFor()
			await page.getByRole('contentinfo').waitFor()
			await page.getByRole('main').getByRole('link', { name: badAddressPage.returnHome }).click()
			await page.waitForURL(`${server.url}/`)
		} finally {
			await context.close()
		}
	})

	test('serves the answer as valid HTML', async () => {
		const html = (await sendRequest(server.url, 'GET', '/%ZZ')).body
		expect(await htmlErrors([{ name: '/%ZZ', html }])).toEqual([])
	})
})
