import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { auditActions, backupCopy } from '#app/content/console.ts'
import { insightsCopy } from '#app/content/insights.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	type Person,
	rawRequest,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'
import { testBuildDir } from '../support/server.ts'
import { tempDir } from '../support/temp-dir.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

/** `npm run <command>` in production: the compiled command of the end-to-end build's release, with plain node. */
function releaseCommand(name: 'db-backup' | 'db-restore', file: string, dataDir: string) {
	return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
		execFile(
			process.execPath,
			['scripts/command.mjs', name, file],
			{
				cwd: path.resolve(import.meta.dirname, '../..'),
				env: {
					...process.env,
					NODE_ENV: 'production',
					BUILD_DIR: testBuildDir(),
					DATA_DIR: dataDir,
					DATABASE_URL: '',
				},
			},
			(error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
		)
	})
}

/** A contact form post as a visitor's browser sends it; resolves once the server answered. */
async function contact(site: ConsoleServer, email: string) {
	const response = await fetch(`${site.url}/contact`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
		body: new URLSearchParams({ name: 'Visitor', email, subject: 'Hello', message: 'Hi there' }),
	})
	return response.status
}

test.describe('a backup from the console', () => {
	let site: ConsoleServer
	let withJs: BrowserContext
	let withoutJs: BrowserContext
	let cookie: string

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(120_000)
		;[site, withJs, withoutJs] = await Promise.all([
			startConsoleServer({ env: { RATE_LIMIT_MAX: '10000' } }),
			openBrowser(browser),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		const first = await createFirstOperator(site, ada)
		cookie = first.cookie
		await shareSession(first, withJs, withoutJs)
		expect(await contact(site, 'lee@example.com')).toBe(200)
	})
	test.afterAll(async () => {
		await Promise.all([withJs?.close(), withoutJs?.close()])
		await site?.server.stop()
	})

	for (const javaScript of [true, false]) {
		test(`downloads after the operator confirms, and the audit log records it, ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
			test.setTimeout(60_000)
			const page = await (javaScript ? withJs : withoutJs).newPage()
			await page.goto(`${site.url}/admin/insights`)
			if (javaScript) await waitForHydration(page)
			await page.getByRole('link', { name: insightsCopy.downloads.backup }).click()
			await page.waitForURL(`${site.url}/admin/backup`)
			await page.getByRole('heading', { name: backupCopy.heading }).waitFor()
			const [download] = await Promise.all([
				page.waitForEvent('download'),
				page.getByRole('button', { name: backupCopy.confirm }).click(),
			])
			expect(download.suggestedFilename()).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}\.ndjson$/)
			const lines = fs
				.readFileSync((await download.path()) ?? '', 'utf8')
				.trimEnd()
				.split('\n')
			expect(JSON.parse(lines[0] ?? '')).toMatchObject({ format: 2 })
			expect(lines.some((line) => line.startsWith('{"t":"contact_messages"') && line.includes('lee@example.com'))).toBe(
				true,
			)
			expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ end: true, tables: { operators: 1, contact_messages: 1 } })
			// The page stays where it was: the answer was a file.
			expect(new URL(page.url()).pathname).toBe('/admin/backup')

			await page.goto(`${site.url}/admin/audit-log?action=backup.downloaded`)
			await page.getByRole('row').filter({ hasText: auditActions['backup.downloaded'] }).first().waitFor()
			await page.close()
		})
	}

	test('starts no download from a link, a post without the session’s token, or another site', async () => {
		const before = (await rawRequest(`${site.url}/admin/audit-log?action=backup.downloaded`, { cookie })).body
		const link = await rawRequest(`${site.url}/admin/backup/download`, { cookie })
		expect([link.status, link.location, link.response.headers.get('content-disposition')]).toEqual([
			302,
			'/admin/backup',
			null,
		])
		const token = await csrfToken(site, cookie)
		const attempts: { form: Record<string, string>; headers: Record<string, string> }[] = [
			{ form: {}, headers: {} },
			{ form: { [CSRF_FIELD]: `${token}x` }, headers: {} },
			{ form: { [CSRF_FIELD]: token }, headers: { 'sec-fetch-site': 'cross-site' } },
		]
		for (const attempt of attempts) {
			const post = await rawRequest(`${site.url}/admin/backup/download`, { cookie, ...attempt })
			expect([post.status, post.location, post.response.headers.get('content-disposition')]).toEqual([
				303,
				'/admin/backup?problem=403',
				null,
			])
		}
		const refused = await rawRequest(`${site.url}/admin/backup?problem=403`, { cookie })
		expect(refused.body).toContain(backupCopy.stale)
		const signedOut = await rawRequest(`${site.url}/admin/backup/download`, { form: { [CSRF_FIELD]: token } })
		expect(signedOut.status).toBe(401)
		expect(signedOut.response.headers.get('content-disposition')).toBeNull()
		const after = (await rawRequest(`${site.url}/admin/audit-log?action=backup.downloaded`, { cookie })).body
		const entries = (body: string) => body.split(auditActions['backup.downloaded']).length
		expect(entries(after)).toBe(entries(before))
	})

	test('has no accessibility violations and valid HTML at phone and desktop width, a refusal shown too', async () => {
		test.setTimeout(60_000)
		const page = await withJs.newPage()
		for (const [width, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			await page.goto(`${site.url}/admin/backup?problem=429`)
			await waitForHydration(page)
			await page.getByText(backupCopy.busy).waitFor()
			expect([width, await accessibilityViolations(page)]).toEqual([width, []])
		}
		const documents = await Promise.all(
			['', '?problem=403'].map(async (query) => ({
				name: `/admin/backup${query}`,
				html: (await rawRequest(`${site.url}/admin/backup${query}`, { cookie })).body,
			})),
		)
		expect(await htmlErrors(documents)).toEqual([])
		await page.close()
	})

	test('is taken by npm run db:backup from the running server while forms come in, and restored only into an empty, stopped one', async () => {
		test.setTimeout(120_000)
		const { dataDir } = site.server
		const answered: string[] = []
		let sending = true
		const visitors = Array.from({ length: 3 }, async (_, visitor) => {
			for (let n = 0; sending; n++) {
				const email = `visitor${visitor}.${n}@example.com`
				if ((await contact(site, email)) === 200) answered.push(email)
			}
		})
		await expect.poll(() => answered.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10)
		const before = [...answered]
		const file = path.join(tempDir('site-backup-'), 'site.ndjson')
		const backup = await releaseCommand('db-backup', file, dataDir)
		sending = false
		await Promise.all(visitors)
		expect(backup.status, backup.stderr).toBe(0)
		expect(backup.stdout).toContain(`from the running server (process ${site.server.process.pid})`)
		const rows = fs
			.readFileSync(file, 'utf8')
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line) as { t?: string; r?: { id: number; email?: string; lead_id?: number } })
		const leads = rows.filter((row) => row.t === 'contact_messages').map((row) => row.r)
		const emails = new Set(leads.map((lead) => lead?.email))
		expect(before.filter((email) => !emails.has(email))).toEqual([])
		const ids = new Set(leads.map((lead) => lead?.id))
		const notifications = rows.filter((row) => row.t === 'notifications').map((row) => row.r)
		expect(notifications.filter((message) => !ids.has(message?.lead_id ?? 0))).toEqual([])

		const refused = await releaseCommand('db-restore', file, dataDir)
		expect(refused.status).toBe(1)
		expect(refused.stderr).toContain('stop the server, restore, then start the server again')
		const restored = await releaseCommand('db-restore', file, path.join(tempDir('site-restore-'), 'data'))
		expect(restored.status, restored.stderr).toBe(0)
		expect(restored.stdout).toContain(`contact_messages: ${leads.length} rows restored`)
	})
})
