import type { BrowserContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { auditActions } from '#app/content/console.ts'
import { postsCopy } from '#app/content/posts.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	fillPostBody,
	type Person,
	rawRequest,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const editor = postsCopy.editor

/** A moment `seconds` from now as a datetime-local field takes it (UTC, to the second). */
const fromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19)

test.describe('publishing from the console', () => {
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(120_000)
		;[site, withJs, withoutJs] = await Promise.all([
			startConsoleServer(),
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		const first = await createFirstOperator(site, ada)
		cookie = first.cookie
		await shareSession(first, withJs, withoutJs)
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
		await site?.server.stop()
	})

	/** What a visitor gets at a path: its status, and where a redirect points. */
	const visit = (path: string) => rawRequest(`${site.url}${path}`)

	async function fillPost(page: Page, post: { title: string; body: string; categories?: string }, javaScript = true) {
		await page.getByLabel(editor.fields.title, { exact: true }).fill(post.title)
		await fillPostBody(page, post.body, javaScript)
		if (post.categories) await page.getByLabel(editor.fields.categories).fill(post.categories)
	}

	test('writes, previews, schedules, renames, restores and unpublishes a post with JavaScript', async () => {
		test.setTimeout(240_000)
		const page = await withJs.newPage()
		await page.goto(`${site.url}/admin/posts`)
		await waitForHydration(page)
		await page.getByRole('link', { name: postsCopy.newPost }).click()
		await page.getByRole('heading', { level: 1, name: editor.newTitle }).waitFor()
		await waitForHydration(page)
		// The body's editor loads after the page: type once it is there.
		await page.locator('.cm-content').waitFor()
		await fillPost(page, {
			title: 'Domains that pay their way',
			body: '## Why it matters\n\nParked names can earn. <img src="x" alt="A broken picture" onerror="window.__pwned=1"><script>window.__pwned=1</script>',
			categories: 'Strategy',
		})
		// An image uploaded from the editor becomes the featured image.
		const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2d6cdf' } })
			.png()
			.toBuffer()
		await page.getByLabel(editor.images.upload).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png })
		await page.getByText(editor.images.uploaded).waitFor()
		await page.getByRole('button', { name: editor.images.useFeatured }).click()
		await expect(page.getByLabel(editor.fields.featuredImage)).toHaveValue(/^\/media\/[0-9a-f]{64}\.png$/)
		await page.getByLabel(editor.fields.featuredImageAlt).fill('A blue field')
		await page.getByRole('button', { name: editor.saveDraft }).click()
		await page.getByText(postsCopy.messages.created).waitFor()
		const editUrl = page.url()
		expect(new URL(editUrl).pathname).toMatch(/^\/admin\/posts\/\d+$/)
		expect(await accessibilityViolations(page)).toEqual([])
		const html = (await rawRequest(editUrl, { cookie })).body
		expect(await htmlErrors([{ name: 'the post editor', html }])).toEqual([])

		await page.getByRole('link', { name: editor.preview, exact: true }).click()
		await page.getByRole('heading', { level: 2, name: 'Why it matters' }).waitFor()
		await page.locator('main picture source[type="image/avif"]').first().waitFor({ state: 'attached' })
		await expect(page.getByRole('img', { name: 'A blue field' })).not.toHaveCount(0)
		expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
		await expect(page.locator('main [onerror], main script:not([type="application/ld+json"])')).toHaveCount(0)
		expect((await visit('/blog/domains-that-pay-their-way')).status).toBe(404)

		// Scheduled a little ahead: absent until its time, then there without a restart.
		await page.goto(editUrl)
		await waitForHydration(page)
		await page.getByLabel(editor.fields.publishAt('UTC')).fill(fromNow(15))
		await page.getByRole('button', { name: editor.publish, exact: true }).click()
		await page.getByText(/^Post scheduled for /).waitFor()
		expect((await visit('/blog')).body).not.toContain('Domains that pay their way')
		await expect
			.poll(async () => (await visit('/blog')).body.includes('Domains that pay their way'), {
				timeout: 60_000,
				intervals: [1_000],
			})
			.toBe(true)
		expect((await visit('/blog/domains-that-pay-their-way')).status).toBe(200)

		// A new slug for a published post: the old address sends readers on.
		await page.reload()
		await waitForHydration(page)
		await page.getByLabel(editor.fields.slug).fill('domains-that-earn')
		await page.getByRole('button', { name: editor.save, exact: true }).click()
		await page.getByText(postsCopy.messages.saved).waitFor()
		const moved = await visit('/blog/domains-that-pay-their-way')
		expect([moved.status, moved.location]).toEqual([301, '/blog/domains-that-earn'])
		await page.goto(`${site.url}/blog/domains-that-pay-their-way`)
		expect(new URL(page.url()).pathname).toBe('/blog/domains-that-earn')

		await page.goto(editUrl)
		await waitForHydration(page)
		await page.getByLabel(editor.fields.title, { exact: true }).fill('Domains that earn')
		await page.getByRole('button', { name: editor.save, exact: true }).click()
		await page.getByText(postsCopy.messages.saved).waitFor()
		await page.getByRole('link', { name: editor.revisions }).click()
		const original = page.getByRole('listitem').filter({ hasText: 'Domains that pay their way' }).first()
		// What changed since that version, before restoring it: the title's old words struck through, the new underlined.
		await original.getByRole('link', { name: new RegExp(`^${postsCopy.revisions.compare}`) }).click()
		const changes = page.getByRole('region', { name: postsCopy.revisions.comparing })
		await expect(changes.locator('del')).toContainText(['pay their way'])
		await expect(changes.locator('ins').first()).toContainText('earn')
		await expect(changes.getByText(postsCopy.revisions.unchanged).first()).toBeVisible()
		// The revision as the article page would show it, before anything changes.
		await original.getByRole('link', { name: new RegExp(`^${postsCopy.revisions.preview}: #`) }).click()
		await expect(page.getByRole('note')).toContainText(/Preview of revision #\d+/)
		await expect(page.getByRole('heading', { level: 1, name: 'Domains that pay their way' })).toBeVisible()
		await page.getByRole('link', { name: postsCopy.preview.backToRevisions }).click()
		const bogus = await page.request.get(
			`${new URL(page.url()).origin}${new URL(page.url()).pathname.replace('/revisions', '/preview')}?revision=999999`,
		)
		expect(bogus.status()).toBe(404)
		await original.getByRole('button', { name: new RegExp(`^${postsCopy.revisions.restore}`) }).click()
		await page.getByText(postsCopy.messages.restored).waitFor()
		await expect(page.getByLabel(editor.fields.title, { exact: true })).toHaveValue('Domains that pay their way')

		await page.getByRole('button', { name: editor.unpublish }).click()
		await page.getByText(postsCopy.messages.unpublished).waitFor()
		await expect.poll(async () => (await visit('/blog/domains-that-earn')).status).toBe(404)

		await page.goto(`${site.url}/admin/audit-log`)
		for (const action of [
			'post.created',
			'post.scheduled',
			'post.saved',
			'post.restored',
			'post.unpublished',
		] as const) {
			await page.getByRole('row').filter({ hasText: auditActions[action] }).first().waitFor()
		}
		await page.close()
	})

	test('writes, saves and publishes a post without JavaScript, and keeps the text of a refused save', async () => {
		test.setTimeout(120_000)
		const page = await withoutJs.newPage()
		await page.goto(`${site.url}/admin/posts/new`)
		await fillPost(page, { title: 'Written without scripts', body: 'Plain **Markdown** body.' }, false)
		await page.getByLabel(editor.fields.featuredImage).fill('/media/example.webp')
		await page.getByRole('button', { name: editor.saveDraft }).click()
		// The image needs its text alternative: refused, and every word is still there.
		await page.getByText(postsCopy.messages.altRequired).waitFor()
		await expect(page.getByRole('textbox', { name: editor.fields.body, exact: true })).toHaveValue(
			'Plain **Markdown** body.',
		)
		await page.getByLabel(editor.fields.featuredImage).fill('')
		await page.getByRole('button', { name: editor.saveDraft }).click()
		await page.getByText(postsCopy.messages.created).waitFor()
		await page.getByRole('button', { name: editor.publish, exact: true }).click()
		await page.getByText(postsCopy.messages.published).waitFor()
		const article = await visit('/blog/written-without-scripts')
		expect(article.status).toBe(200)
		expect(article.body).toContain('<strong>Markdown</strong>')
		await page.setViewportSize(viewports.phone)
		await page.goto(`${site.url}/admin/posts`)
		await page.getByRole('link', { name: 'Written without scripts' }).waitFor()
		await page.close()
	})
})
