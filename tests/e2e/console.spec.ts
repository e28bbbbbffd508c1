import type { BrowserContext, Page } from '@playwright/test'
import { type AuditDetail, auditDetailSentence } from '#app/content/audit-sentences.ts'
import {
	accountCopy,
	auditActions,
	auditCopy,
	confirmCopy,
	consoleCopy,
	consoleNavigation,
	invitationCopy,
	operatorsCopy,
	setupCopy,
	signInCopy,
} from '#app/content/console.ts'
import { postsCopy } from '#app/content/posts.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { browsersWithAndWithoutJavaScript, sidewaysScroll, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	loggedSetupLink,
	type Person,
	rawRequest,
	startConsoleServer,
} from '../support/console-server.ts'
import { type HtmlError, htmlErrors } from '../support/html-validator.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const grace: Person = { displayName: 'Grace Guest', email: 'grace@example.com', password: 'amber-lantern-fjord-83' }

/** Every page of the signed-in console, with the heading it shows. */
const consolePages = [
	...consoleNavigation.map((item) => ({ path: item.path, heading: item.label })),
	{ path: '/admin/audit-log?action=sign_in', heading: auditCopy.heading },
	{ path: '/admin/account', heading: accountCopy.heading },
	{ path: '/admin/confirm?next=/admin/backup', heading: confirmCopy.heading },
	{ path: '/admin/posts/new', heading: postsCopy.editor.newTitle },
	{ path: '/admin/no-such-page', heading: consoleCopy.notFound.heading },
]

type AuditRow = { operator: string; operatorEmail: string; action: string; detail: string; target: string }

/** The audit log's rows as they read: who, which action (and its details), on what. */
function auditRows(page: Page): Promise<AuditRow[]> {
	return page.locator('table tbody tr').evaluateAll((rows) =>
		rows.map((row) => {
			const cells = (row as HTMLTableRowElement).cells
			return {
				operator: cells[1]?.firstChild?.textContent?.trim() ?? '',
				operatorEmail: cells[1]?.querySelector('span')?.textContent?.trim() ?? '',
				action: cells[2]?.firstChild?.textContent?.trim() ?? '',
				detail: cells[2]?.querySelector('span')?.textContent?.trim() ?? '',
				target: cells[3]?.textContent?.trim() ?? '',
			}
		}),
	)
}

const row = (operator: Person, action: keyof typeof auditActions, target: string | null, detail?: AuditDetail) => ({
	operator: operator.displayName,
	operatorEmail: operator.email,
	action: auditActions[action],
	target: target ?? auditCopy.nobody,
	detail: detail ? auditDetailSentence(action, detail) : '',
})

/** axe at both widths, and no sideways scrolling on the phone. */
async function expectNoAxeViolations(page: Page, what: string) {
	for (const [name, viewport] of Object.entries(viewports)) {
		await page.setViewportSize(viewport)
		expect([what, name, await accessibilityViolations(page)]).toEqual([what, name, []])
		if (viewport === viewports.phone) expect([what, await sidewaysScroll(page)]).toEqual([what, 0])
	}
	await page.setViewportSize(viewports.desktop)
}

test.describe('the operator console, from a fresh server', () => {
	const operators = browsersWithAndWithoutJavaScript()
	const invitees = browsersWithAndWithoutJavaScript()

	for (const { mode, javaScript } of [
		{ mode: 'with JavaScript', javaScript: true },
		{ mode: 'without JavaScript', javaScript: false },
	]) {
		test.describe(mode, () => {
			let site: ConsoleServer
			let first: BrowserContext
			let second: BrowserContext
			let page: Page
			let guest: Page
			let invitationLink: string
			/** Server HTML of the pages only reachable at one moment of the flow, checked at the end. */
			const documents: { name: string; html: string }[] = []

			/** Opens a console address and, with JavaScript, waits until React runs the page. */
			async function open(target: Page, path: string) {
				await target.goto(path.startsWith('http') ? path : `${site.url}${path}`)
				if (javaScript) await waitForHydration(target)
			}

			/** Waits for a navigation a form or link started to arrive (a document load or a client-side one). */
			async function arrive(target: Page, path: string) {
				await target.waitForURL(`${site.url}${path}`)
				if (javaScript) await waitForHydration(target)
			}

			test.beforeAll(async () => {
				site = await startConsoleServer()
				first = javaScript ? operators.withJs : operators.withoutJs
				second = javaScript ? invitees.withJs : invitees.withoutJs
				page = await first.newPage()
				guest = await second.newPage()
			})
			test.afterAll(async () => {
				await page?.close()
				await guest?.close()
				await site?.server.stop()
			})

			test('logs a single-use setup link at start, which creates the first operator and signs them in', async () => {
				expect(loggedSetupLink(site.server.output())).toBe(site.setupLink)
				expect(site.setupLink).toMatch(new RegExp(`^${site.url}/admin/setup\\?token=[\\w-]{20,}$`))
				documents.push({ name: 'setup', html: (await rawRequest(site.setupLink)).body })

				await open(page, site.setupLink)
				await page.getByRole('heading', { level: 1, name: setupCopy.heading }).waitFor()
				if (javaScript) await expectNoAxeViolations(page, 'setup')
				const form = page.getByRole('form', { name: setupCopy.heading })
				await form.getByLabel(setupCopy.displayName).fill(ada.displayName)
				await form.getByLabel(setupCopy.email).fill(ada.email)
				await form.getByLabel(setupCopy.password, { exact: true }).fill(ada.password)
				await form.getByRole('button', { name: setupCopy.submit }).click()
				await arrive(page, '/admin/inbox')
				await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor()
				await page.getByRole('link', { name: `${consoleCopy.account}: ${ada.displayName}` }).waitFor()

				const cookie = (await first.cookies(`${site.url}/admin`)).find((c) => c.name === 'operator_session')
				expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/admin', secure: false })
				// Single use: the link is gone now.
				expect((await rawRequest(site.setupLink)).status).toBe(404)
			})

			test('signs out: the cookie is gone and console pages send the browser to the sign-in page', async () => {
				await page.getByRole('button', { name: consoleCopy.signOut }).click()
				await arrive(page, '/admin')
				await page.getByRole('heading', { level: 1, name: signInCopy.heading }).waitFor()
				expect((await first.cookies(`${site.url}/admin`)).map((c) => c.name)).not.toContain('operator_session')

				await open(page, '/admin/operators')
				await page.getByRole('heading', { level: 1, name: signInCopy.heading }).waitFor()
				expect(page.url()).toBe(`${site.url}/admin?next=${encodeURIComponent('/admin/operators')}`)
				expect(await page.content()).not.toContain(ada.email)
			})

			test('signs in with the password, after a wrong one, back on the page asked for', async () => {
				await open(page, '/admin/audit-log')
				await arrive(page, `/admin?next=${encodeURIComponent('/admin/audit-log')}`)
				const form = page.getByRole('form', { name: signInCopy.heading })
				await form.getByLabel(signInCopy.email).fill(ada.email)
				await form.getByLabel(signInCopy.password, { exact: true }).fill('not-the-right-password')
				await form.getByRole('button', { name: signInCopy.submit }).click()
				await form.getByRole('alert').getByText(signInCopy.wrong).waitFor()
				await expect(form.getByLabel(signInCopy.email)).toHaveValue(ada.email)

				await form.getByLabel(signInCopy.password, { exact: true }).fill(ada.password)
				await form.getByRole('button', { name: signInCopy.submit }).click()
				await arrive(page, '/admin/audit-log')
				await page.getByRole('heading', { level: 1, name: auditCopy.heading }).waitFor()
			})

			test('invites a second operator and shows the invitation link once', async () => {
				await open(page, '/admin/operators')
				await page.getByLabel(operatorsCopy.inviteEmail).fill(grace.email)
				await page.getByRole('button', { name: operatorsCopy.invite }).click()
				const shown = page.getByRole('status').filter({ hasText: operatorsCopy.invitationShown(grace.email) })
				await shown.waitFor()
				invitationLink = (await shown.locator('p').nth(1).textContent()) ?? ''
				expect(invitationLink).toMatch(new RegExp(`^${site.url}/admin/invitation\\?token=[\\w-]{20,}$`))
				const token = new URL(invitationLink).searchParams.get('token') ?? ''

				await open(page, '/admin/operators')
				await page.getByText(grace.email, { exact: true }).waitFor()
				await expect(page.getByText(operatorsCopy.invitationShown(grace.email))).toHaveCount(0)
				expect(await page.content()).not.toContain(token)
			})

			test('lets the invited person join in another browser, signed in as themselves', async () => {
				documents.push({ name: 'invitation', html: (await rawRequest(invitationLink)).body })
				await open(guest, invitationLink)
				await guest.getByRole('heading', { level: 1, name: invitationCopy.heading }).waitFor()
				await guest.getByText(invitationCopy.intro(grace.email)).waitFor()
				if (javaScript) await expectNoAxeViolations(guest, 'invitation')
				const form = guest.getByRole('form', { name: invitationCopy.heading })
				await form.getByLabel(setupCopy.displayName).fill(grace.displayName)
				await form.getByLabel(setupCopy.password, { exact: true }).fill(grace.password)
				await form.getByRole('button', { name: invitationCopy.submit }).click()
				await arrive(guest, '/admin/inbox')
				await guest.getByRole('link', { name: `${consoleCopy.account}: ${grace.displayName}` }).waitFor()
				expect((await rawRequest(invitationLink)).status).toBe(404)

				await open(page, '/admin/operators')
				await page.getByText(operatorsCopy.pendingNone).waitFor()
			})

			test('disables the second operator, whose open session stops working on its next request', async () => {
				// A page that does not refresh itself: the inbox's live refresh would meet the ended session before her click.
				await open(guest, '/admin/posts')
				await open(page, '/admin/operators')
				const graceRow = page.getByRole('row').filter({ hasText: grace.email })
				await graceRow.getByRole('cell', { name: operatorsCopy.active, exact: true }).waitFor()
				// Disabling asks first: the disclosure says what happens and holds the button that does it.
				await graceRow.getByText(operatorsCopy.disable, { exact: true }).first().click()
				await graceRow.getByText(operatorsCopy.confirmDisable(grace.displayName)).waitFor()
				await page.getByRole('button', { name: `${operatorsCopy.disable}: ${grace.displayName}` }).click()
				await page.getByText(operatorsCopy.disabledMessage(grace.displayName)).first().waitFor()
				await graceRow.getByRole('cell', { name: operatorsCopy.disabled, exact: true }).waitFor()
				await page.getByRole('button', { name: `${operatorsCopy.enable}: ${grace.displayName}` }).waitFor()

				// Grace's page is still open from before; her next click is refused.
				await guest
					.getByRole('navigation', { name: consoleCopy.navigationLabel })
					.getByRole('link', { name: 'Operators' })
					.click()
				if (javaScript) {
					await guest.getByRole('heading', { level: 1, name: consoleCopy.sessionEnded.heading }).waitFor()
					await guest.reload()
				}
				await guest.getByRole('heading', { level: 1, name: signInCopy.heading }).waitFor()
				expect(guest.url()).toBe(`${site.url}/admin?next=${encodeURIComponent('/admin/operators')}`)
				expect(await guest.content()).not.toContain(ada.email)
			})

			test('records every step in the audit log, filterable by operator and action', async () => {
				await open(page, '/admin/audit-log')
				const all = await auditRows(page)
				expect(all).toEqual(
					expect.arrayContaining([
						row(ada, 'operator.created', ada.email),
						row(ada, 'sign_in', ada.email, { method: 'setup' }),
						row(ada, 'sign_out', null),
						row(ada, 'sign_in.failed', ada.email, { reason: 'wrong password' }),
						row(ada, 'sign_in', ada.email, { method: 'password' }),
						// Roles are in the audit log: the invitation's, then the new operator's.
						row(ada, 'invitation.created', grace.email, { role: 'admin' }),
						row(grace, 'invitation.accepted', grace.email, { role: 'admin' }),
						row(grace, 'sign_in', grace.email, { method: 'invitation' }),
						row(ada, 'operator.disabled', grace.email),
					]),
				)
				// Newest first.
				expect(all[0]).toEqual(row(ada, 'operator.disabled', grace.email))

				await page
					.getByLabel(auditCopy.operator, { exact: true })
					.selectOption({ label: `${ada.displayName} (${ada.email})` })
				await page
					.getByLabel(auditCopy.action, { exact: true })
					.selectOption({ label: auditActions['operator.disabled'] })
				await page.getByRole('button', { name: auditCopy.filter }).click()
				await page.waitForURL((url) => url.searchParams.get('action') === 'operator.disabled')
				const adaId = await page.getByLabel(auditCopy.operator, { exact: true }).inputValue()
				expect(new URL(page.url()).searchParams.get('operator')).toBe(adaId)
				await expect.poll(() => auditRows(page)).toEqual([row(ada, 'operator.disabled', grace.email)])

				const graceId = await page
					.getByLabel(auditCopy.operator, { exact: true })
					.locator('option', { hasText: grace.displayName })
					.getAttribute('value')
				await open(page, `/admin/audit-log?operator=${graceId}`)
				expect(await auditRows(page)).toEqual([
					row(grace, 'sign_in', grace.email, { method: 'invitation' }),
					row(grace, 'invitation.accepted', grace.email, { role: 'admin' }),
				])

				await open(page, '/admin/audit-log?action=sign_out')
				expect(await auditRows(page)).toEqual([row(ada, 'sign_out', null)])
				await open(page, `/admin/audit-log?operator=${graceId}&action=operator.disabled`)
				await page.getByText(auditCopy.none).waitFor()
			})

			// Audits need the page as it runs; the pages are the same without JavaScript.
			if (!javaScript) return

			test('has no axe violations on any console page at phone and desktop widths, nor on the sign-in page', async () => {
				test.setTimeout(180_000)
				for (const { path, heading } of consolePages) {
					await open(page, path)
					await page.getByRole('heading', { level: 1, name: heading }).waitFor()
					await expectNoAxeViolations(page, path)
				}
				// Grace was signed out when she was disabled.
				await open(guest, '/admin')
				await guest.getByRole('heading', { level: 1, name: signInCopy.heading }).waitFor()
				await expectNoAxeViolations(guest, 'sign-in')
				const form = guest.getByRole('form', { name: signInCopy.heading })
				await form.getByRole('button', { name: signInCopy.submit }).click()
				await form.getByText(signInCopy.required.email).waitFor()
				await expectNoAxeViolations(guest, 'sign-in with errors')
				await open(guest, '/admin/setup')
				await guest.getByRole('heading', { level: 1, name: consoleCopy.notFound.heading }).waitFor()
				await expectNoAxeViolations(guest, 'setup without a token')
			})

			test('serves every console page, signed in, and the doors, signed out, as valid HTML', async () => {
				const session = (await first.cookies(`${site.url}/admin`)).find((c) => c.name === 'operator_session')
				const cookie = `operator_session=${session?.value}`
				for (const { path } of consolePages) {
					documents.push({ name: path, html: (await rawRequest(`${site.url}${path}`, { cookie })).body })
				}
				documents.push({ name: 'sign-in', html: (await rawRequest(`${site.url}/admin`)).body })
				const gone = await rawRequest(`${site.url}/admin/setup`)
				expect(gone.status).toBe(404)
				documents.push({ name: 'setup without a token', html: gone.body })
				const failed = await rawRequest(`${site.url}/admin/sign-in`, {
					form: { email: grace.email, password: 'wrong-password-here', next: '/admin/operators' },
				})
				expect(failed.status).toBe(401)
				documents.push({ name: 'sign-in failed', html: failed.body })
				const errors: HtmlError[] = await htmlErrors(documents)
				expect(errors).toEqual([])
			})
		})
	}
})
