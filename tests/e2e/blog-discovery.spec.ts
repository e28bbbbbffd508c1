import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { blogCopy } from '#app/content/blog.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { browsersWithAndWithoutJavaScript, openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { testSiteEnv } from '../support/site-env.ts'
import { tempDir } from '../support/temp-dir.ts'

const SITE = testSiteEnv.SITE_URL

/** Post n is published n days after 2026-02-01; only "Claiming handles" says "quokka", in its body. */
const posts = [
	{
		slug: 'parked-pages',
		title: 'Parked pages',
		categories: '[Guides, SEO]',
		tags: '[parking, seo]',
		body: 'Parked pages earn little.',
	},
	{
		slug: 'selling-domains',
		title: 'Selling domains',
		categories: '[Sales]',
		tags: '[parking]',
		body: 'Sell to end users.',
	},
	{
		slug: 'claiming-handles',
		title: 'Claiming handles',
		categories: '[Social, SEO]',
		tags: ['verification'],
		body: '<p>Claim the <strong>quokka</strong> handle and <a href="/pricing">compare plans</a>.</p><p><img src="/blog/parked-vs-developed.svg" alt="A chart"></p>',
	},
	{
		slug: 'cafe-notes',
		title: 'Café notes',
		categories: '["Café Guides", Guides]',
		tags: '[seo]',
		body: 'Notes from a café.',
	},
	{
		slug: 'expiry-tracking',
		title: 'Expiry tracking',
		categories: '[Guides]',
		tags: '[expiry]',
		body: 'Renew on time.',
	},
]

function writeContent(dir: string) {
	for (const [n, post] of posts.entries()) {
		const html = post.body.startsWith('<')
		const front = [
			`title: ${post.title}`,
			`seo_slug: ${post.slug}`,
			`published_at: ${new Date(Date.UTC(2026, 1, 1 + n, 9)).toISOString()}`,
			`excerpt: About ${post.title.toLowerCase()}`,
			`categories: ${post.categories}`,
			`tags: ${Array.isArray(post.tags) ? JSON.stringify(post.tags) : post.tags}`,
		]
		fs.writeFileSync(
			path.join(dir, `${post.slug}.${html ? 'html' : 'md'}`),
			`---\n${front.join('\n')}\n---\n${post.body}\n`,
		)
	}
}

const cards = (page: Page) => page.locator('section[aria-label="Posts"] article h2')

test.describe('blog archives, search, related posts, feeds and sitemaps', () => {
	let server: RunningServer
	const browsers = browsersWithAndWithoutJavaScript()

	test.beforeAll(async () => {
		const content = tempDir('blog-discovery-')
		writeContent(content)
		server = await startServer({ env: { BLOG_CONTENT_DIR: content } })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	/** Opens a page; with JavaScript, waits until its content runs, so clicks are client navigations. */
	async function open(context: BrowserContext, url: string) {
		const page = await context.newPage()
		const response = await page.goto(`${server.url}${url}`)
		if (context === browsers.withJs) await waitForHydration(page)
		return { page, response }
	}

	for (const js of [false, true]) {
		const label = js ? 'with JavaScript' : 'without JavaScript'

		test(`follows a sidebar category to its archive and a tag chip to its tag page, ${label}`, async () => {
			const { page } = await open(js ? browsers.withJs : browsers.withoutJs, '/blog')
			const sidebar = page.getByRole('complementary', { name: 'Blog sidebar' })
			await sidebar.getByRole('link', { name: 'SEO', exact: true }).click()
			await page.waitForURL(`${server.url}/blog/category/seo`)
			await page.getByRole('heading', { level: 1, name: 'Category: SEO' }).waitFor()
			await page.getByText('2 posts', { exact: true }).waitFor()
			await expect(cards(page).allTextContents()).resolves.toEqual(['Claiming handles', 'Parked pages'])
			await expect(page.title()).resolves.toBe('SEO: articles in this category | Domain Rebels')

			await cards(page).getByRole('link', { name: 'Parked pages' }).click()
			await page.waitForURL(`${server.url}/blog/parked-pages`)
			await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#parking' }).click()
			await page.waitForURL(`${server.url}/blog/tag/parking`)
			await page.getByRole('heading', { level: 1, name: 'Tag: #parking' }).waitFor()
			await expect(cards(page).allTextContents()).resolves.toEqual(['Selling domains', 'Parked pages'])
			await page.close()
		})

		test(`finds a word of one post's body first, highlighted, from the sidebar's search box, ${label}`, async () => {
			const { page } = await open(js ? browsers.withJs : browsers.withoutJs, '/blog/expiry-tracking')
			await page.getByRole('searchbox', { name: blogCopy.search.label }).fill('quokka')
			await page.getByRole('button', { name: blogCopy.search.submit }).click()
			await page.waitForURL(`${server.url}/blog/search?q=quokka`)
			await page.getByRole('heading', { level: 1, name: 'Results for “quokka”' }).waitFor()
			const results = page.getByRole('region', { name: blogCopy.search.resultsLabel }).locator('article')
			await expect(results.locator('h2').allTextContents()).resolves.toEqual(['Claiming handles'])
			await expect(results.first().locator('mark').allTextContents()).resolves.toEqual(['quokka'])
			await expect(results.first().getByTestId('search-snippet').textContent()).resolves.toContain(
				'Claim the quokka handle and compare plans',
			)
			await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex,nofollow')
			await expect(page.getByRole('searchbox').inputValue()).resolves.toBe('quokka')
			await page.close()
		})
	}

	test('ends an article with 3 related posts, shared categories first', async () => {
		const { page, response } = await open(browsers.withoutJs, '/blog/parked-pages')
		expect(response?.status()).toBe(200)
		const related = page.getByRole('region', { name: blogCopy.related.heading })
		// Café notes shares Guides and the tag seo (3); Expiry tracking (Guides) and Claiming handles (SEO) 2, newer first.
		await expect(related.locator('h3').allTextContents()).resolves.toEqual([
			'Café notes',
			'Expiry tracking',
			'Claiming handles',
		])
		await page.close()
	})

	test('answers helpful pages for an empty query and for no result, and 404 for an unknown term', async () => {
		const empty = await fetch(`${server.url}/blog/search?q=`)
		expect(empty.status).toBe(200)
		expect(await empty.text()).toContain(blogCopy.search.emptyHeading)
		const none = await fetch(`${server.url}/blog/search?q=zanzibar`)
		expect(none.status).toBe(200)
		expect(await none.text()).toContain(blogCopy.search.noResultsHeading)
		for (const url of ['/blog/category/nothing', '/blog/tag/SEO', '/blog/category/seo?page=2', '/blog/category/%00']) {
			const response = await fetch(`${server.url}${url}`)
			expect(response.status, url).toBe(404)
			expect(await response.text()).toContain('noindex')
		}
		expect((await fetch(`${server.url}/blog/category/nothing/rss.xml`)).status).toBe(404)
	})

	test('answers hostile queries with 200 or 400, never 5xx, never reflected as markup', async () => {
		const hostile = [
			'"unclosed',
			"it's -or OR | & ! <-> :* ()",
			'<script>alert(1)</script>',
			'"><img src=x onerror=alert(1)>',
			'x'.repeat(5000),
			'%00 \u0000 \u202e',
			'\\',
			'🦘'.repeat(100),
		]
		for (const query of hostile) {
			const response = await fetch(`${server.url}/blog/search?q=${encodeURIComponent(query)}`)
			expect([200, 400], query.slice(0, 40)).toContain(response.status)
			const html = await response.text()
			expect(html).not.toContain('<script>alert(1)')
			expect(html).not.toContain('<img src=x')
		}
		expect((await fetch(`${server.url}/blog/search?q=${'x'.repeat(201)}`)).status).toBe(400)
		expect((await fetch(`${server.url}/blog/search?q=parked&page=-1`)).status).toBe(404)
	})

	test('links the feeds from the pages; the feed carries full content with absolute URLs and parses as RSS 2.0', async () => {
		const { page } = await open(browsers.withoutJs, '/blog/category/seo')
		const feeds = await page
			.locator('link[rel="alternate"][type="application/rss+xml"]')
			.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
		expect(feeds).toEqual([`${SITE}/blog/category/seo/rss.xml`, `${SITE}/blog/rss.xml`])

		const rss = await (await fetch(`${server.url}/blog/rss.xml`)).text()
		const category = await (await fetch(`${server.url}/blog/category/seo/rss.xml`)).text()
		const parsed = await page.evaluate(
			(documents) =>
				documents.map((xml) => {
					const doc = new DOMParser().parseFromString(xml, 'application/xml')
					const contentNs = 'http://purl.org/rss/1.0/modules/content/'
					return {
						error: doc.querySelector('parsererror')?.textContent ?? null,
						version: doc.documentElement.getAttribute('version'),
						channel: ['title', 'link', 'description'].map(
							(name) => doc.querySelector(`channel > ${name}`)?.textContent,
						),
						items: [...doc.querySelectorAll('item')].map((item) => ({
							title: item.querySelector('title')?.textContent,
							content: item.getElementsByTagNameNS(contentNs, 'encoded')[0]?.textContent ?? null,
						})),
					}
				}),
			[rss, category],
		)
		expect(parsed[0]?.error).toBeNull()
		expect(parsed[0]?.version).toBe('2.0')
		expect(parsed[0]?.items).toHaveLength(posts.length)
		const handles = parsed[0]?.items.find((item) => item.title === 'Claiming handles')
		expect(handles?.content).toContain(`<a href="${SITE}/pricing">compare plans</a>`)
		expect(handles?.content).toContain(`<img src="${SITE}/blog/parked-vs-developed.svg" alt="A chart" />`)
		expect(parsed[0]?.items.every((item) => item.content?.startsWith('<p>'))).toBe(true)
		expect(parsed[1]?.error).toBeNull()
		expect(parsed[1]?.channel).toEqual([
			'Domain Rebels Blog: SEO',
			`${SITE}/blog/category/seo`,
			'2 posts on SEO from our blog for domain investors, newest first.',
		])
		expect(parsed[1]?.items.map((item) => item.title)).toEqual(['Claiming handles', 'Parked pages'])
		await page.close()
	})

	test('makes sitemap.xml an index of sitemaps that together hold every page, post and archive', async () => {
		const index = await (await fetch(`${server.url}/sitemap.xml`)).text()
		expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
		const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
		expect(sitemaps.map((url) => url.replace(SITE, ''))).toEqual([
			'/sitemaps/pages.xml',
			'/sitemaps/posts-1.xml',
			'/sitemaps/archives-1.xml',
		])
		const urls: string[] = []
		for (const sitemap of sitemaps) {
			const xml = await (await fetch(`${server.url}${sitemap.replace(SITE, '')}`)).text()
			urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => (match[1] ?? '').replace(SITE, '')))
		}
		for (const post of posts) expect(urls).toContain(`/blog/${post.slug}`)
		for (const archive of [
			'/blog',
			'/pricing',
			'/blog/category/seo',
			'/blog/category/guides',
			'/blog/category/caf%C3%A9-guides',
			'/blog/tag/parking',
			'/blog/tag/verification',
		])
			expect(urls).toContain(archive)
	})

	test('has no axe violations and valid HTML on an archive page and the search pages', async ({ browser }) => {
		// The HTML checker's start and ten page loads with an axe scan each: more than one page's time.
		test.setTimeout(180_000)
		const routes = [
			'/blog/category/caf%C3%A9-guides',
			'/blog/tag/seo',
			'/blog/search?q=quokka',
			'/blog/search?q=',
			'/blog/search?q=zanzibar',
		]
		const documents = await Promise.all(
			routes.map(async (route) => ({ name: route, html: await (await fetch(`${server.url}${route}`)).text() })),
		)
		expect(await htmlErrors(documents)).toEqual([])
		for (const viewport of [viewports.phone, viewports.desktop]) {
			const context = await openBrowser(browser, { viewport })
			try {
				for (const route of routes) {
					const page = await context.newPage()
					await page.goto(`${server.url}${route}`)
					await waitForHydration(page)
					expect(await accessibilityViolations(page), `${route} at ${viewport.width}px`).toEqual([])
					await page.close()
				}
			} finally {
				await context.close()
			}
		}
	})
})
