import pg from 'pg'
import { auditActions, confirmCopy, consoleLimits, operatorsCopy } from '#app/content/console.ts'
import { expect, test } from '#tests/support/test.ts'
import { openSignedInBrowser, waitForHydration } from '../support/browser.ts'
import {
	addOperator,
	type ConsoleServer,
	createFirstOperator,
	type Person,
	rawRequest,
	startConsoleServer,
} from '../support/console-server.ts'
import { createPostgresDatabase } from '../support/postgres-database.ts'

const adminUrl = process.env.TEST_DATABASE_URL
const owner: Person = { displayName: 'Olive Owner', email: 'olive@example.com', password: 'olive-owns-the-console-1' }
const editors: Record<'with' | 'without', Person> = {
	with: { displayName: 'Edie Editor', email: 'edie@example.com', password: 'edie-edits-the-posts-1' },
	without: { displayName: 'Ned Editor', email: 'ned@example.com', password: 'ned-edits-the-posts-too-1' },
}

// The server's clock cannot be moved, so the session's last confirmation is moved back in the database it shares.
test.describe('the password again before a change to another operator', () => {
	test.skip(!adminUrl, 'needs TEST_DATABASE_URL')
	let drop: () => Promise<void>
	let sql: pg.Client
	let site: ConsoleServer
	let cookie: string
	const editorCookies: Record<string, string> = {}

	test.beforeAll(async () => {
		const database = await createPostgresDatabase(adminUrl ?? '', 'site_e2e')
		drop = database.drop
		site = await startConsoleServer({ env: { DATABASE_URL: database.databaseUrl } })
		cookie = (await createFirstOperator(site, owner)).cookie
		for (const editor of Object.values(editors)) {
			editorCookies[editor.email] = await addOperator(site, cookie, editor, 'editor')
		}
		sql = new pg.Client({ connectionString: database.databaseUrl })
		await sql.connect()
	})
	test.afterAll(async () => {
		await sql?.end()
		await site?.server.stop()
		await drop?.()
	})

	for (const javaScript of ['with', 'without'] as const) {
		test(`asks for it when the last was more than ${consoleLimits.confirmationMinutes} minutes ago, then does the change, ${javaScript} JavaScript`, async ({
			browser,
		}) => {
			const editor = editors[javaScript]
			await sql.query(
				`UPDATE operator_sessions SET confirmed_at = now() - make_interval(mins => $1)
				WHERE operator_id = (SELECT id FROM operators WHERE email = $2)`,
				[consoleLimits.confirmationMinutes + 1, owner.email],
			)
			const context = await openSignedInBrowser(browser, cookie, { javaScriptEnabled: javaScript === 'with' })
			const page = await context.newPage()
			const disable = async () => {
				const row = page.getByRole('row').filter({ hasText: editor.email })
				await row.getByText(operatorsCopy.disable, { exact: true }).first().click()
				await page.getByRole('button', { name: `${operatorsCopy.disable}: ${editor.displayName}` }).click()
			}

			await page.goto(`${site.url}/admin/operators`)
			if (javaScript === 'with') await waitForHydration(page)
			await disable()
			await expect(page.getByRole('heading', { level: 1, name: confirmCopy.heading })).toBeVisible()
			expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/operators')
			// Nothing was done yet: the editor is still signed in.
			const posts = () => rawRequest(`${site.url}/admin/posts`, { cookie: editorCookies[editor.email] })
			expect((await posts()).status).toBe(200)

			await page.getByLabel(confirmCopy.password, { exact: true }).fill('not-the-password-at-all')
			await page.getByRole('button', { name: confirmCopy.submit }).click()
			await expect(page.getByText(confirmCopy.wrong).first()).toBeVisible()
			await page.getByLabel(confirmCopy.password, { exact: true }).fill(owner.password)
			await page.getByRole('button', { name: confirmCopy.submit }).click()
			// Back where the change was asked for, after a wrong password too.
			await expect(page).toHaveURL(`${site.url}/admin/operators`)
			await expect(page.getByText(confirmCopy.confirmed).first()).toBeVisible()
			if (javaScript === 'with') await waitForHydration(page)

			await disable()
			await expect(page.getByText(operatorsCopy.disabledMessage(editor.displayName)).first()).toBeVisible()
			expect((await posts()).status).toBe(303)
			const log = await rawRequest(`${site.url}/admin/audit-log`, { cookie })
			expect(log.body).toContain(auditActions['operator.confirmed'])
			await context.close()
		})
	}
})
