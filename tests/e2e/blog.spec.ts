import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { blogCopy } from '#app/content/blog.ts'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { expect, test } from '#tests/support/test.ts'
import { browsersWithAndWithoutJavaScript, gotoHydrated } from '../support/browser.ts'
import { expectServedFromMemory } from '../support/in-memory-page.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { testSiteEnv } from '../support/site-env.ts'
import { tempDir } from '../support/temp-dir.ts'

const GENERATED = 26
/** 450 words: 3 minutes at 200 words a minute, rounded up. */
const body = Array.from({ length: 45 }, () => 'parked domains earn more once they are developed into real sites').join(
	' ',
)

/** Post n is published n days after 2026-01-01, so post 26 is the newest and the hostile one the oldest. */
function writeContent(dir: string) {
	for (let n = 1; n <= GENERATED; n++) {
		const date = new Date(Date.UTC(2026, 0, 1 + n, 9)).toISOString()
		fs.writeFileSync(
			path.join(dir, `post-${n}.md`),
			`---\ntitle: Test Post ${n}\nseo_slug: test-post-${n}\npublished_at: ${date}\nexcerpt: Excerpt of post ${n}\ncategories: [Guides, {name: "SEO"}, Extra]\ntags: [parking, "tag ${n % 3}"]\nfeatured_image: /blog/parked-vs-developed.svg\nfeatured_image_alt: Chart for post ${n}\n---\n\n${body}\n`,
		)
	}
	fs.writeFileSync(
		path.join(dir, 'hostile.html'),
		`---\ntitle: Hostile Markup\nseo_slug: hostile-markup\npublished_at: 2025-12-01T09:00:00Z\nauthor: {name: Mallory, image: /logo.png}\n---\n<p id="safe">Safe text stays.</p><script>window.__pwned = 'script'</script><img src="/nope.png" alt="x" onerror="window.__pwned = 'onerror'"><a id="js-link" href="javascript:window.__pwned='link'">click</a><iframe src="https://evil.example/embed"></iframe>\n`,
	)
	fs.writeFileSync(
		path.join(dir, 'future.md'),
		`---\ntitle: Scheduled Post\nseo_slug: scheduled-post\npublished_at: 2999-01-01T00:00:00Z\n---\nNot yet.\n`,
	)
}

/** Holds every client data request until released, so loading states stay on screen long enough to see. */
async function holdDataRequests(page: Page) {
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(/\.data(\?|$)/, async (route) => {
		await gate
		await route.continue()
	})
	return () => release()
}

test.describe('blog in Chromium', () => {
	let server: RunningServer
	const browsers = browsersWithAndWithoutJavaScript()

	test.beforeAll(async () => {
		const content = tempDir('blog-content-')
		writeContent(content)
		server = await startServer({ env: { BLOG_CONTENT_DIR: content, RATE_LIMIT_MAX: '1000' } })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	const cards = (page: Page) => page.locator('section[aria-label="Posts"] article')

	test('pages through the list without JavaScript, with disabled Previous and Next at the ends', async () => {
		const page = await browsers.withoutJs.newPage()
		const first = await page.goto(`${server.url}/blog`)
		expect(first?.status()).toBe(200)
		expect(first?.headers()['cache-control']).toContain('s-maxage')
		await expect(cards(page).count()).resolves.toBe(12)
		await expect(cards(page).first().locator('h2').textContent()).resolves.toBe('Test Post 26')
		await expect(cards(page).first().locator('img').getAttribute('alt')).resolves.toBe('Chart for post 26')
		// The first card's image is a phone's largest paint: fetched at once and first; the rest wait for scrolling.
		const loading = await cards(page)
			.locator('img')
			.evaluateAll((images) =>
				images.map((image) => `${image.getAttribute('loading')} ${image.getAttribute('fetchpriority')}`),
			)
		expect(loading).toEqual(['eager high', ...Array(11).fill('lazy null')])
		await expect(cards(page).first().getByRole('listitem').allTextContents()).resolves.toEqual(['Guides', 'SEO'])
		await expect(cards(page).first().locator('time').textContent()).resolves.toBe('January 27, 2026')
		const pager = page.getByRole('navigation', { name: 'Blog pages' })
		await expect(pager.locator('[aria-disabled="true"]').textContent()).resolves.toBe(blogCopy.previous)
		await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
			'href',
			`${testSiteEnv.SITE_URL}/blog/rss.xml`,
		)

		await pager.getByRole('link', { name: blogCopy.next }).click()
		await page.waitForURL(/\/blog\?page=2$/)
		await expect(cards(page).first().locator('h2').textContent()).resolves.toBe('Test Post 14')
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${testSiteEnv.SITE_URL}/blog?page=2`)
		await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: blogCopy.next }).click()
		await page.waitForURL(/\/blog\?page=3$/)
		await expect(cards(page).count()).resolves.toBe(3)
		await expect(cards(page).last().locator('h2').textContent()).resolves.toBe('Hostile Markup')
		const last = page.getByRole('navigation', { name: 'Blog pages' })
		await expect(last.locator('[aria-disabled="true"]').textContent()).resolves.toBe(blogCopy.next)
		await last.getByRole('link', { name: blogCopy.previous }).click()
		await page.waitForURL(/\/blog\?page=2$/)

		expect((await page.goto(`${server.url}/blog?page=4`))?.status()).toBe(404)
		expect((await page.goto(`${server.url}/blog?page=abc`))?.status()).toBe(404)
		const html = await (await fetch(`${server.url}/blog`)).text()
		expect(html).not.toContain('Scheduled Post')
		// Rendered pages come from memory after the first request, precompressed and with their scripts' hashes.
		expect(await expectServedFromMemory(`${server.url}/blog?page=2`)).toContain('Test Post 14')
		expect(await expectServedFromMemory(`${server.url}/blog/test-post-14`)).toContain('<h1')
		// A made-up slug is rendered for its one response, with that response's nonce.
		const missing = await fetch(`${server.url}/blog/no-such-post`)
		expect(missing.status).toBe(404)
		const policyNonce = /'nonce-([^']+)'/.exec(missing.headers.get('content-security-policy') ?? '')?.[1]
		const pageNonces = new Set([...(await missing.text()).matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]))
		expect([...pageNonces]).toEqual([policyNonce])
		await page.close()
	})

	test('shows 6 skeleton cards while a client navigation loads the next page', async () => {
		const page = await gotoHydrated(browsers.withJs, `${server.url}/blog`)
		const release = await holdDataRequests(page)
		await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: blogCopy.next }).click()
		await page.getByTestId('post-skeleton').first().waitFor()
		await expect(page.getByTestId('post-skeleton')).toHaveCount(6)
		release()
		await page.waitForURL(/\/blog\?page=2$/)
		await page.getByRole('heading', { name: 'Test Post 14' }).waitFor()
		await expect(page.getByTestId('post-skeleton')).toHaveCount(0)
		await page.unroute(/\.data(\?|$)/)

		const releaseArticle = await holdDataRequests(page)
		await page.getByRole('link', { name: 'Test Post 14' }).click()
		await page.getByTestId('article-skeleton').waitFor()
		releaseArticle()
		await page.getByRole('heading', { level: 1, name: 'Test Post 14' }).waitFor()
		await page.unroute(/\.data(\?|$)/)

		// Loading restarts when only the slug changes (a recent post in the sidebar).
		const releaseNext = await holdDataRequests(page)
		await page.getByRole('complementary').getByRole('link', { name: 'Test Post 26' }).click()
		await page.getByTestId('article-skeleton').waitFor()
		releaseNext()
		await page.getByRole('heading', { level: 1, name: 'Test Post 26' }).waitFor()
		await page.close()
	})

	test('renders the article: chips, author, date, reading time, tags, share links, call to action, tags for crawlers', async () => {
		const page = await browsers.withoutJs.newPage()
		const response = await page.goto(`${server.url}/blog/test-post-3`)
		expect(response?.status()).toBe(200)
		// The first article: cards of related posts follow it.
		const article = page.locator('article').first()
		await expect(
			article.getByRole('list', { name: 'Categories' }).getByRole('listitem').allTextContents(),
		).resolves.toEqual(['Guides', 'SEO', 'Extra'])
		await expect(article.locator('h1').textContent()).resolves.toBe('Test Post 3')
		await article.getByText('Domain Rebels Team').waitFor()
		await expect(article.locator('time').textContent()).resolves.toBe('January 4, 2026')
		await article.getByText('3 min read').waitFor()
		await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).resolves.toEqual([
			'#parking',
			'#tag 0',
		])
		await expect(page.getByRole('link', { name: blogCopy.article.back })).toHaveAttribute('href', '/blog')

		const url = `${testSiteEnv.SITE_URL}/blog/test-post-3`
		const share = async (name: string) => {
			const link = page.getByRole('link', { name })
			await expect(link).toHaveAttribute('target', '_blank')
			await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
			return link.getAttribute('href')
		}
		expect(await share(blogCopy.article.shareOn.x)).toBe(
			`https://x.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent('Test Post 3')}`,
		)
		expect(await share(blogCopy.article.shareOn.linkedin)).toBe(
			`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
		)
		expect(await share(blogCopy.article.shareOn.facebook)).toBe(
			`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
		)

		const cta = page.getByRole('region', { name: blogCopy.article.cta.heading })
		await expect(cta.getByRole('link', { name: blogCopy.article.cta.startTrial })).toHaveAttribute(
			'href',
			`${testSiteEnv.APP_URL}/register`,
		)
		// Visible copy stays the spec's "Learn More"; the accessible name says where it leads.
		const learnMore = cta.getByRole('link', {
			name: `${blogCopy.article.cta.learnMore}${blogCopy.article.cta.learnMoreContext}`,
			exact: true,
		})
		await expect(learnMore).toHaveAttribute('href', '/how-it-works')
		expect(await learnMore.evaluate((link) => (link.firstChild as Text).data)).toBe('Learn More')

		expect(await page.title()).toBe('Test Post 3 | Domain Rebels')
		await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Excerpt of post 3')
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url)
		await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
		await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
			'content',
			// Networks show no SVG: the post shares the PNG the build made of it.
			`${testSiteEnv.SITE_URL}/blog/parked-vs-developed.share.png`,
		)
		const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
			(text) => JSON.parse(text) as { '@type': string; headline?: string },
		)
		expect(jsonLd.map((data) => data['@type'])).toEqual(['BlogPosting', 'BreadcrumbList'])
		expect(jsonLd[0]?.headline).toBe('Test Post 3')
		await page.close()
	})

	test('opens share buttons in a new window with the article address', async () => {
		await browsers.withJs.route(/^https:\/\/(x\.com|www\.linkedin\.com|www\.facebook\.com)\//, (route) =>
			route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }),
		)
		const page = await gotoHydrated(browsers.withJs, `${server.url}/blog/test-post-5`)
		const popup = browsers.withJs.waitForEvent('page')
		await page.getByRole('link', { name: blogCopy.article.shareOn.linkedin }).click()
		const opened = await popup
		await opened.waitForLoadState()
		expect(opened.url()).toBe(
			`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${testSiteEnv.SITE_URL}/blog/test-post-5`)}`,
		)
		expect(page.url()).toBe(`${server.url}/blog/test-post-5`)
		await opened.close()
		await page.close()
	})

	test('answers a missing or scheduled post with Post Not Found, 404 and noindex', async () => {
		const page = await browsers.withoutJs.newPage()
		for (const slug of ['no-such-post', 'scheduled-post']) {
			const response = await page.goto(`${server.url}/blog/${slug}`)
			expect(response?.status()).toBe(404)
			await page.getByRole('heading', { level: 1, name: blogCopy.notFound.title }).waitFor()
			await page.getByText(blogCopy.notFound.text).waitFor()
			await expect(page.getByRole('link', { name: blogCopy.notFound.back }).first()).toHaveAttribute('href', '/blog')
			await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
		}
		await page.close()
	})

	test('runs nothing from a hostile body and keeps its safe text', async () => {
		const page = await gotoHydrated(browsers.withJs, `${server.url}/blog/hostile-markup`)
		await page.locator('#safe').waitFor()
		const body = page.locator('.prose-blog')
		await expect(body.locator('script, iframe')).toHaveCount(0)
		await expect(body.locator('[onerror]')).toHaveCount(0)
		await expect(page.locator('#js-link')).not.toHaveAttribute('href')
		await page.locator('#js-link').click()
		expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined()
		await page.getByText('Mallory').waitFor()
		await page.close()
	})

	test('subscribes from the sidebar newsletter form', async () => {
		const page = await gotoHydrated(browsers.withJs, `${server.url}/blog`)
		const form = page.getByRole('form', { name: 'Newsletter signup' })
		await form.getByLabel(newsletterCopy.labels.email).fill('sidebar-reader@example.com')
		await form.getByRole('button', { name: newsletterCopy.submit }).click()
		await page.getByText(newsletterCopy.success).waitFor()
		expect(page.url()).toBe(`${server.url}/blog`)
		await page.close()
	})

	const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))
	// The analytics script starts once the page has loaded and painted: by then a page hydrating at once has hydrated.
	const analyticsRan = (page: Page) => page.waitForFunction(() => 'insights' in window)

	test("loads React on the reader's first interaction and not before", async () => {
		const page = await browsers.withJs.newPage()
		await page.goto(`${server.url}/blog/test-post-5`)
		await page.getByRole('heading', { level: 1, name: 'Test Post 5' }).waitFor()
		await analyticsRan(page)
		expect(await hydrated(page)).toBe(false)
		await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1)
		await page.mouse.wheel(0, 300)
		await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
		// The router navigates from now on; nothing is prerendered for it.
		await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0)
		await page.close()
	})

	test('keeps what a reader typed before React ran and answers with a toast', async () => {
		const page = await browsers.withJs.newPage()
		await page.goto(`${server.url}/blog`)
		const form = page.getByRole('form', { name: 'Newsletter signup' })
		await analyticsRan(page)
		expect(await hydrated(page)).toBe(false)
		// Typing is the first interaction: React hydrates while the address is typed.
		await form.getByLabel(newsletterCopy.labels.email).pressSequentially('first-touch@example.com')
		await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
		await page.waitForFunction(() => document.querySelector('[data-deferred="pending"]') === null)
		await expect(form.getByLabel(newsletterCopy.labels.email)).toHaveValue('first-touch@example.com')
		await form.getByRole('button', { name: newsletterCopy.submit }).click()
		await page.getByText(newsletterCopy.success).waitFor()
		expect(page.url()).toBe(`${server.url}/blog`)
		await page.close()
	})

	test('serves an RSS 2.0 feed of the 20 newest posts and lists every post in the sitemap', async () => {
		const feed = await fetch(`${server.url}/blog/rss.xml`)
		expect(feed.headers.get('content-type')).toContain('application/rss+xml')
		const xml = await feed.text()
		const page = await browsers.withJs.newPage()
		const parsed = await page.evaluate((text) => {
			const doc = new DOMParser().parseFromString(text, 'application/xml')
			return {
				error: doc.querySelector('parsererror')?.textContent ?? null,
				version: doc.documentElement.getAttribute('version'),
				titles: [...doc.querySelectorAll('channel > item > title')].map((node) => node.textContent),
				link: doc.querySelector('channel > item > link')?.textContent,
			}
		}, xml)
		expect(parsed.error).toBeNull()
		expect(parsed.version).toBe('2.0')
		expect(parsed.titles).toHaveLength(20)
		expect(parsed.titles[0]).toBe('Test Post 26')
		expect(parsed.link).toBe(`${testSiteEnv.SITE_URL}/blog/test-post-26`)
		await page.close()

		const index = await (await fetch(`${server.url}/sitemap.xml`)).text()
		expect(index).toContain(`<loc>${testSiteEnv.SITE_URL}/sitemaps/posts-1.xml</loc>`)
		const sitemap = await (await fetch(`${server.url}/sitemaps/posts-1.xml`)).text()
		expect(sitemap).toContain(`<loc>${testSiteEnv.SITE_URL}/blog/hostile-markup</loc><lastmod>`)
		expect(sitemap.match(/\/blog\/test-post-\d+<\/loc>/g)).toHaveLength(GENERATED)
		expect(sitemap).not.toContain('scheduled-post')
	})
})
