import type { BrowserContext, Page } from '@playwright/test'
import { blogCopy } from '#app/content/blog.ts'
import { auditActions } from '#app/content/console.ts'
import { notFoundPage } from '#app/content/not-found.ts'
import { redirectsCopy } from '#app/content/redirects.ts'
import { REDIRECT_CACHE_CONTROL } from '#app/features/publishing/redirects.server.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, fixtureOperator, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import { type ConsoleServer, csrfToken, rawRequest, shareSession } from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'

const waitFor = (check: () => boolean | Promise<boolean>, what: string) =>
	expect.poll(check, { timeout: 30_000, intervals: [200], message: `waiting for ${what}` }).toBe(true)

test.describe('the redirects page', () => {
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	// The worker's signed-in console: this spec is the only one that adds redirects to it.
	test.beforeAll(async ({ browser, signedInConsole }) => {
		site = signedInConsole
		cookie = signedInConsole.cookie
		;[withJs, withoutJs] = await Promise.all([openBrowser(browser), openBrowser(browser, { javaScriptEnabled: false })])
		await shareSession(signedInConsole, withJs, withoutJs)
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
	})

	const addForm = (page: Page) => page.getByRole('form', { name: redirectsCopy.addHeading })
	const rowOf = (page: Page, from: string) =>
		page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: from, exact: true }) })

	async function fill(form: ReturnType<Page['getByRole']>, from: string, to: string, status = '301') {
		await form.getByLabel(redirectsCopy.fields.from).fill(from)
		await form.getByLabel(redirectsCopy.fields.to).fill(to)
		await form.getByLabel(redirectsCopy.fields.statusCode).selectOption(status)
	}

	/** The hits the table shows for a redirect, read after a reload. */
	async function hits(page: Page, from: string) {
		await page.reload()
		const cells = await rowOf(page, from).getByRole('cell').allTextContents()
		return Number(cells[2])
	}

	/** A console form post as the page sends it without JavaScript. */
	async function post(intent: string, form: Record<string, string>) {
		return rawRequest(`${site.url}/admin/redirects?intent=${intent}`, {
			cookie,
			form: { [CSRF_FIELD]: await csrfToken(site, cookie), ...form },
		})
	}

	test('adds a redirect with JavaScript: the old address answers 301 to the new one, counts its hits, and 404 once deleted', async ({
		operatorPage: page,
	}) => {
		test.setTimeout(120_000)
		await page.goto(`${site.url}/admin/redirects`)
		await waitForHydration(page)
		await page.getByRole('heading', { level: 1, name: redirectsCopy.heading }).waitFor()
		await page.getByText(redirectsCopy.none).waitFor()

		await fill(addForm(page), '/old-pricing', '/pricing')
		await addForm(page).getByRole('button', { name: redirectsCopy.add }).click()
		await page.getByText(redirectsCopy.created('/old-pricing', '/pricing')).waitFor()
		await rowOf(page, '/old-pricing').getByRole('cell', { name: '/pricing', exact: true }).waitFor()
		// The form is empty again for the next one.
		await expect(addForm(page).getByLabel(redirectsCopy.fields.from)).toHaveValue('')
		for (const [name, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect([name, await accessibilityViolations(page)]).toEqual([name, []])
		}
		await page.setViewportSize(viewports.desktop)
		await rowOf(page, '/old-pricing')
			.getByRole('link', { name: `${redirectsCopy.edit}: /old-pricing` })
			.click()
		const editForm = page.getByRole('form', { name: redirectsCopy.editHeading })
		await editForm.getByLabel(redirectsCopy.fields.from).waitFor()
		expect(await accessibilityViolations(page)).toEqual([])
		await editForm.getByRole('link', { name: redirectsCopy.cancelEdit }).click()
		await editForm.waitFor({ state: 'detached' })

		const old = await rawRequest(`${site.url}/old-pricing?utm_source=mail`)
		expect([old.status, old.location]).toEqual([301, '/pricing?utm_source=mail'])
		expect(old.response.headers.get('cache-control')).toBe(REDIRECT_CACHE_CONTROL)
		// A client navigation's data request gets React Router's redirect answer, which the browser follows.
		const data = await rawRequest(`${site.url}/old-pricing.data`)
		expect(data.status).toBe(202)
		expect(data.body).toContain('"/pricing"')

		const visitor = await withJs.newPage()
		expect((await visitor.goto(`${site.url}/old-pricing`))?.status()).toBe(200)
		expect(visitor.url()).toBe(`${site.url}/pricing`)
		await visitor.close()
		await waitFor(async () => (await hits(page, '/old-pricing')) === 3, 'three hits in the table')
		expect(
			await rowOf(page, '/old-pricing')
				.getByRole('cell', { name: redirectsCopy.by(fixtureOperator.displayName) })
				.count(),
		).toBe(1)

		// Deleting asks first: the button is inside a disclosure that says what happens.
		const deleteButton = rowOf(page, '/old-pricing').getByRole('button', {
			name: `${redirectsCopy.delete}: /old-pricing`,
		})
		await expect(deleteButton).toBeHidden()
		await rowOf(page, '/old-pricing').locator('summary', { hasText: redirectsCopy.delete }).click()
		await expect(rowOf(page, '/old-pricing').getByText(redirectsCopy.deleteQuestion)).toBeVisible()
		await deleteButton.click()
		await page.getByText(redirectsCopy.deleted('/old-pricing')).first().waitFor()
		await page.getByText(redirectsCopy.none).waitFor()
		const gone = await rawRequest(`${site.url}/old-pricing`)
		expect(gone.status).toBe(404)
		expect(gone.body).toContain(notFoundPage.heading)

		const log = await rawRequest(`${site.url}/admin/audit-log`, { cookie })
		for (const action of ['redirect.created', 'redirect.deleted'] as const)
			expect(log.body, action).toContain(auditActions[action])
		expect(log.body).toContain('/old-pricing')
		await page.close()
	})

	test('adds, edits and deletes without JavaScript; refuses loops and addresses it cannot use, each with its message', async () => {
		test.setTimeout(120_000)
		const page = await withoutJs.newPage()
		await page.goto(`${site.url}/admin/redirects`)
		await fill(addForm(page), '/blog/old-name', '/blog/new-name?from=old')
		await addForm(page).getByRole('button', { name: redirectsCopy.add }).click()
		await page.getByText(redirectsCopy.created('/blog/old-name', '/blog/new-name?from=old')).waitFor()

		// An article path that is no post: the blog answers it, through its page cache, and carries every parameter.
		const article = await rawRequest(`${site.url}/blog/old-name?utm_campaign=launch&page=2`)
		expect([article.status, article.location]).toEqual([301, '/blog/new-name?from=old&page=2&utm_campaign=launch'])
		const again = await rawRequest(`${site.url}/blog/old-name?utm_campaign=other`)
		expect(again.location).toBe('/blog/new-name?from=old&utm_campaign=other')

		// A loop, shown at its field with the page's answer, and the same post's status.
		await fill(addForm(page), '/blog/new-name', '/blog/old-name', '308')
		await addForm(page).getByRole('button', { name: redirectsCopy.add }).click()
		const loop = redirectsCopy.loop('/blog/old-name', '/blog/new-name')
		await addForm(page).getByRole('alert').getByText(loop).waitFor()
		await expect(addForm(page).getByLabel(redirectsCopy.fields.to)).toHaveAttribute('aria-invalid', 'true')
		await expect(addForm(page).getByLabel(redirectsCopy.fields.from)).toHaveValue('/blog/new-name')
		await expect(addForm(page).getByLabel(redirectsCopy.fields.statusCode)).toHaveValue('308')
		const refused = await post('add', { from: '/blog/new-name', to: '/blog/old-name', statusCode: '301' })
		expect([refused.status, refused.body.includes(loop)]).toEqual([409, true])

		const refusals: [Record<string, string>, number, string][] = [
			[{ from: 'https://evil.example/x', to: '/pricing' }, 400, redirectsCopy.problems.notSitePath],
			[{ from: '/x', to: '//evil.example' }, 400, redirectsCopy.problems.notSitePath],
			[{ from: '/x', to: '/%2F%2Fevil.example' }, 400, redirectsCopy.problems.doubleSlash],
			[{ from: '/x?utm=1', to: '/pricing' }, 400, redirectsCopy.problems.query],
			[{ from: '/x', to: '/x#top' }, 400, redirectsCopy.same],
			[{ from: '/pricing', to: '/contact' }, 409, redirectsCopy.livePage],
			[{ from: '/admin/secret', to: '/contact' }, 409, redirectsCopy.livePage],
			[{ from: '/x', to: '/y', statusCode: '303' }, 400, redirectsCopy.statusRequired],
		]
		for (const [fields, status, message] of refusals) {
			const answer = await post('add', { statusCode: '301', ...fields })
			expect([fields, answer.status, answer.body.includes(message)]).toEqual([fields, status, true])
		}
		for (const intent of ['update', 'delete']) {
			const answer = await post(intent, { id: '999999', from: '/a', to: '/b', statusCode: '301' })
			expect([intent, answer.status, answer.body.includes(redirectsCopy.unknown)]).toEqual([intent, 404, true])
		}

		await rowOf(page, '/blog/old-name')
			.getByRole('link', { name: `${redirectsCopy.edit}: /blog/old-name` })
			.click()
		const editForm = page.getByRole('form', { name: redirectsCopy.editHeading })
		await expect(editForm.getByLabel(redirectsCopy.fields.to)).toHaveValue('/blog/new-name?from=old')
		await editForm.getByLabel(redirectsCopy.fields.to).fill('/contact')
		await editForm.getByLabel(redirectsCopy.fields.statusCode).selectOption('302')
		await editForm.getByRole('button', { name: redirectsCopy.save }).click()
		await page.getByText(redirectsCopy.updated('/blog/old-name', '/contact')).waitFor()
		const html = (await rawRequest(page.url(), { cookie })).body
		expect(await htmlErrors([{ name: '/admin/redirects?edit=…', html }])).toEqual([])
		const edited = await rawRequest(`${site.url}/blog/old-name`)
		expect([edited.status, edited.location]).toEqual([302, '/contact'])
		await rowOf(page, '/blog/old-name').getByRole('cell', { name: redirectsCopy.statuses[302] }).waitFor()

		await rowOf(page, '/blog/old-name').locator('summary', { hasText: redirectsCopy.delete }).click()
		await rowOf(page, '/blog/old-name')
			.getByRole('button', { name: `${redirectsCopy.delete}: /blog/old-name` })
			.click()
		await page.getByText(redirectsCopy.deleted('/blog/old-name')).waitFor()
		const gone = await rawRequest(`${site.url}/blog/old-name`)
		expect(gone.status).toBe(404)
		expect(gone.body).toContain(blogCopy.notFound.title)
		const log = await rawRequest(`${site.url}/admin/audit-log?action=redirect.updated`, { cookie })
		expect(log.body).toContain('/contact')
		await page.close()
	})
})
