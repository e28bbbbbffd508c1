import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { blogCopy } from '#app/content/blog.ts'
import { expect, test } from '#tests/support/test.ts'
import { browsersWithAndWithoutJavaScript, gotoHydrated, openBrowser } from '../support/browser.ts'
import { failDataRequests, dataFailures as failures } from '../support/failing-data.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { tempDir } from '../support/temp-dir.ts'

/** Exactly one full page of published posts (post 12 the newest), and one scheduled post that must not count. */
const PUBLISHED = 12

function writeContent(dir: string) {
	for (let n = 1; n <= PUBLISHED; n++) {
		const date = new Date(Date.UTC(2026, 0, 1 + n, 9)).toISOString()
		fs.writeFileSync(
			path.join(dir, `post-${n}.md`),
			`---\ntitle: Failure Post ${n}\nseo_slug: failure-post-${n}\npublished_at: ${date}\nexcerpt: Excerpt ${n}\n---\n\nWords of post ${n}.\n`,
		)
	}
	fs.writeFileSync(
		path.join(dir, 'future.md'),
		'---\ntitle: Scheduled Post\nseo_slug: scheduled-post\npublished_at: 2999-01-01T00:00:00Z\n---\nNot yet.\n',
	)
}

/**
 * Moves the page's clock on a second at a time until `shown` is visible: the client tries again 1 s, 2 s and 4 s after
 * a failure, and those waits need not be real.
 */
async function afterRetries(page: Page, shown: Locator) {
	await expect(async () => {
		await page.clock.fastForward(1000)
		await expect(shown).toBeVisible({ timeout: 100 })
	}).toPass({ intervals: [50], timeout: 30_000 })
}

const cards = (page: Page) => page.locator('section[aria-label="Posts"] article')
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Blog sidebar' })

/** The layout around a failure state: header and footer, and a page that asks not to be indexed. */
async function expectLayout(page: Page) {
	await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).waitFor()
	await page.getByRole('contentinfo').waitFor()
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
}

test.describe('blog failures and edge states in Chromium', () => {
	let server: RunningServer
	const browsers = browsersWithAndWithoutJavaScript()

	test.beforeAll(async () => {
		const content = tempDir('blog-failures-content-')
		writeContent(content)
		server = await startServer({ env: { BLOG_CONTENT_DIR: content } })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	for (const failure of failures) {
		test(`keeps the layout when ${failure.name}: the empty list and Post Not Found, each with a retry link that works`, async ({
			browser,
		}) => {
			const context = await openBrowser(browser)
			await context.clock.install()
			const page = await gotoHydrated(context, `${server.url}/`)
			const list = await failDataRequests(page, failure)
			await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click()
			await afterRetries(page, page.getByRole('heading', { name: blogCopy.emptyHeading }))
			expect(list.tried.count).toBeGreaterThanOrEqual(4)
			expect(page.url()).toBe(`${server.url}/blog`)
			await page.getByText(blogCopy.emptyText).waitFor()
			await expectLayout(page)
			expect(await page.title()).toBe(blogCopy.heading)
			// No sidebar data was ever shown in this tab: the sidebar keeps its newsletter signup only.
			await sidebar(page).getByRole('form', { name: 'Newsletter signup' }).waitFor()
			const retryList = page.getByRole('link', { name: blogCopy.retry })
			await expect(retryList).toHaveAttribute('href', '/blog')
			await list.letThrough()
			await retryList.click()
			await cards(page)
				.nth(PUBLISHED - 1)
				.waitFor()
			await expect(cards(page)).toHaveCount(PUBLISHED)
			await expect(page.getByRole('link', { name: blogCopy.retry })).toHaveCount(0)

			const article = await failDataRequests(page, failure)
			await page.getByRole('link', { name: 'Failure Post 12' }).first().click()
			await afterRetries(page, page.getByRole('heading', { level: 1, name: blogCopy.notFound.title }))
			expect(article.tried.count).toBeGreaterThanOrEqual(4)
			expect(page.url()).toBe(`${server.url}/blog/failure-post-12`)
			await page.getByText(blogCopy.notFound.text).waitFor()
			await expectLayout(page)
			expect(await page.title()).toBe(blogCopy.notFound.title)
			await expect(page.getByRole('link', { name: blogCopy.notFound.back })).toHaveAttribute('href', '/blog')
			// The sidebar the list showed stays in view.
			await sidebar(page).getByRole('link', { name: 'Failure Post 8' }).waitFor()
			const retryArticle = page.getByRole('link', { name: blogCopy.retry })
			await expect(retryArticle).toHaveAttribute('href', '/blog/failure-post-12')
			await article.letThrough()
			await retryArticle.click()
			await page.getByRole('heading', { level: 1, name: 'Failure Post 12' }).waitFor()
			await expect(page.getByRole('link', { name: blogCopy.retry })).toHaveCount(0)
			await context.close()
		})
	}

	test('serves the same addresses without JavaScript as the pages they are', async () => {
		const page = await browsers.withoutJs.newPage()
		expect((await page.goto(`${server.url}/blog`))?.status()).toBe(200)
		await expect(cards(page)).toHaveCount(PUBLISHED)
		expect((await page.goto(`${server.url}/blog/failure-post-12`))?.status()).toBe(200)
		await page.getByRole('heading', { level: 1, name: 'Failure Post 12' }).waitFor()
		await page.close()
	})

	test('disables Next on a page that is exactly full and says truly which pages do not exist', async () => {
		const page = await browsers.withoutJs.newPage()
		await page.goto(`${server.url}/blog`)
		const pager = page.getByRole('navigation', { name: 'Blog pages' })
		expect(await pager.locator('[aria-disabled="true"]').allTextContents()).toEqual([blogCopy.previous, blogCopy.next])
		await expect(pager.getByRole('link')).toHaveCount(0)

		const missing = {
			'/blog?page=2': 'There is no page 2 of the blog.',
			'/blog?page=999': 'There is no page 999 of the blog.',
			'/blog?page=abc': 'There is no page "abc" of the blog.',
			'/blog?page=-1': 'There is no page "-1" of the blog.',
			'/blog?page=%3Cb%3Ebold%3C%2Fb%3E': 'There is no page "<b>bold</b>" of the blog.',
		}
		for (const [url, message] of Object.entries(missing)) {
			expect((await page.goto(`${server.url}${url}`))?.status()).toBe(404)
			await page.getByRole('heading', { name: blogCopy.noSuchPage.heading }).waitFor()
			await page.getByText(message, { exact: true }).waitFor()
			await expect(page.getByRole('link', { name: blogCopy.noSuchPage.first })).toHaveAttribute('href', '/blog')
			await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
		}
		// What was asked is shown as text, never as markup.
		await expect(page.locator('main b')).toHaveCount(0)
		await page.close()

		// The same with JavaScript: the hydrated page says so, and its link to the first page works as a client navigation.
		const live = await gotoHydrated(browsers.withJs, `${server.url}/blog?page=abc`)
		await live.getByText('There is no page "abc" of the blog.').waitFor()
		await live.getByRole('link', { name: blogCopy.noSuchPage.first }).click()
		await cards(live)
			.nth(PUBLISHED - 1)
			.waitFor()
		await live.close()
	})

	test('answers a slug no post can have with 404 Post Not Found, as a page and as data', async () => {
		for (const slug of ['%00', 'failure-post-1%00', 'Failure-Post-1', '%E2%80%AEevil']) {
			const html = await fetch(`${server.url}/blog/${slug}`)
			expect(html.status).toBe(404)
			expect(await html.text()).toContain(blogCopy.notFound.title)
			const data = await fetch(`${server.url}/blog/${slug}.data`)
			expect(data.status).toBe(404)
			await data.arrayBuffer()
		}
		const page = await browsers.withoutJs.newPage()
		expect((await page.goto(`${server.url}/blog/%00`))?.status()).toBe(404)
		await page.getByRole('heading', { level: 1, name: blogCopy.notFound.title }).waitFor()
		await page.close()
	})
})
