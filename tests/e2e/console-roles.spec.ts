import { accountCopy, consoleCopy, operatorsCopy } from '#app/content/console.ts'
import { mediaCopy } from '#app/content/media.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { openSignedInBrowser, waitForHydration } from '../support/browser.ts'
import { consoleActions, dataUrl } from '../support/console-actions.ts'
import {
	addOperator,
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	invite,
	operatorId,
	rawRequest,
	signedIn,
	startConsoleServer,
} from '../support/console-server.ts'

const owner = { displayName: 'Olive Owner', email: 'olive@example.com', password: 'olive-owns-the-console-1' }
const admin = { displayName: 'Adam Admin', email: 'adam@example.com', password: 'adam-admins-the-console-1' }
const secondAdmin = { displayName: 'Abby Admin', email: 'abby@example.com', password: 'abby-admins-it-as-well-1' }
const editor = { displayName: 'Edie Editor', email: 'edie@example.com', password: 'edie-edits-the-posts-1' }
const leadManager = { displayName: 'Leo Leads', email: 'leo@example.com', password: 'leo-works-the-leads-1' }

/** Console pages by the role that opens them; the account is everyone's. */
const pages = {
	leads: ['/admin/inbox'],
	publishing: ['/admin/posts', '/admin/posts/new', '/admin/media', '/admin/redirects', '/admin/newsletter'],
	site: ['/admin/insights', '/admin/outbox', '/admin/operators', '/admin/audit-log'],
	backups: ['/admin/backup'],
	everyone: ['/admin/account'],
}

/** The parts of the console each operator's role opens. */
const roleAreas = [
	['owner', ['leads', 'publishing', 'site', 'backups']],
	['admin', ['leads', 'publishing', 'site']],
	['editor', ['publishing']],
	['leadManager', ['leads']],
] as const

test.describe('operator roles', () => {
	let site: ConsoleServer
	const cookies: Record<'owner' | 'admin' | 'secondAdmin' | 'editor' | 'leadManager', string> = {
		owner: '',
		admin: '',
		secondAdmin: '',
		editor: '',
		leadManager: '',
	}

	test.beforeAll(async () => {
		site = await startConsoleServer()
		cookies.owner = (await createFirstOperator(site, owner)).cookie
		cookies.admin = await addOperator(site, cookies.owner, admin, 'admin')
		cookies.secondAdmin = await addOperator(site, cookies.owner, secondAdmin, 'admin')
		cookies.editor = await addOperator(site, cookies.admin, editor, 'editor')
		cookies.leadManager = await addOperator(site, cookies.admin, leadManager, 'lead_manager')
	})
	test.afterAll(async () => {
		await site?.server.stop()
	})

	const status = async (cookie: string, path: string) => (await rawRequest(`${site.url}${path}`, { cookie })).status

	for (const [who, opens] of roleAreas) {
		test(`lets the ${who} open exactly the pages of %j, with 403 elsewhere for pages and their data`, async () => {
			const cookie = cookies[who]
			for (const [area, paths] of Object.entries(pages)) {
				const allowed = area === 'everyone' || (opens as readonly string[]).includes(area)
				for (const path of paths) {
					expect(await status(cookie, path), `${who} ${path}`).toBe(allowed ? 200 : 403)
					expect(await status(cookie, `${path}.data`), `${who} ${path}.data`).toBe(allowed ? 200 : 403)
				}
			}
		})
	}

	test("shows a refused page in the console's words, without the page's data, and a navigation of what the role opens", async () => {
		const refused = await rawRequest(`${site.url}/admin/operators`, { cookie: cookies.editor })
		expect(refused.status).toBe(403)
		// The console's own page says so (not only its title), with the brand the refusal carries.
		expect(refused.body).toMatch(new RegExp(`<h1[^>]*>${consoleCopy.forbidden.heading}</h1>`))
		expect(/<header[\s\S]*?<\/header>/.exec(refused.body)?.[0]).toContain('Domain Rebels')
		expect(refused.body).not.toContain(owner.email)
		const posts = await rawRequest(`${site.url}/admin/posts`, { cookie: cookies.editor })
		const navigation = /<nav aria-label="Console"[\s\S]*?<\/nav>/.exec(posts.body)?.[0] ?? ''
		expect(navigation).toContain('>Posts<')
		expect(navigation).toContain('>Redirects<')
		expect(navigation).not.toContain('>Inbox')
		expect(navigation).not.toContain('>Operators<')
		// An editor signing in lands on the posts, not on an inbox they cannot open.
		const again = await rawRequest(`${site.url}/admin`, { cookie: cookies.editor })
		expect(again.location).toBe('/admin/posts')
	})

	test('refuses every action outside the role, posted to the page or its data address, before it runs', async () => {
		for (const [who, opens] of roleAreas) {
			const cookie = cookies[who]
			const token = await csrfToken(site, cookie)
			for (const { path, area } of consoleActions) {
				if (area === 'everyone' || (opens as readonly string[]).includes(area)) continue
				for (const url of [path, dataUrl(path)]) {
					const answer = await rawRequest(`${site.url}${url}`, { cookie, form: { [CSRF_FIELD]: token, id: '1' } })
					expect([who, url, answer.status]).toEqual([who, url, 403])
					expect(answer.body).not.toContain(owner.email)
				}
			}
		}
	})

	test("lets an admin revoke only invitations to roles an admin gives, not the owner's invitation of an admin", async () => {
		const email = 'second-in-command@example.com'
		await invite(site, cookies.owner, email, 'admin')
		const page = await rawRequest(`${site.url}/admin/operators`, { cookie: cookies.admin })
		expect(page.body).toContain(email)
		expect(page.body).not.toContain(`${operatorsCopy.revoke}: ${email}`)
		const ownerPage = await rawRequest(`${site.url}/admin/operators`, { cookie: cookies.owner })
		// The invitation's id: the last one the page names before its revoke button.
		const button = ownerPage.body.indexOf(`${operatorsCopy.revoke}: ${email}`)
		const id = [...ownerPage.body.slice(0, button).matchAll(/name="id" value="(\d+)"/g)].at(-1)?.[1]
		expect(id).toBeDefined()
		const revoked = await rawRequest(`${site.url}/admin/operators?intent=operator`, {
			cookie: cookies.admin,
			form: { [CSRF_FIELD]: await csrfToken(site, cookies.admin), intent: 'revoke', id: id ?? '', role: '' },
		})
		expect(revoked.status).toBe(403)
		expect((await rawRequest(`${site.url}/admin/operators`, { cookie: cookies.owner })).body).toContain(
			`${operatorsCopy.revoke}: ${email}`,
		)
	})

	test('refuses posts and exports outside the role before any action runs', async () => {
		const form = async (cookie: string, fields: Record<string, string>) => ({
			[CSRF_FIELD]: await csrfToken(site, cookie),
			...fields,
		})
		const invite = await rawRequest(`${site.url}/admin/operators?intent=invite`, {
			cookie: cookies.editor,
			form: await form(cookies.editor, { email: 'mallory@example.com', role: 'admin' }),
		})
		expect(invite.status).toBe(403)
		expect(await status(cookies.editor, '/admin/inbox/export.csv')).toBe(403)
		expect(await status(cookies.editor, '/admin/inbox/export.xlsx')).toBe(403)
		expect(await status(cookies.editor, '/admin/export/contact_messages.csv')).toBe(403)
		expect(await status(cookies.leadManager, '/admin/posts/new')).toBe(403)
	})

	test("refuses the takeover path: nobody but the owner acts on an admin, and nobody on the owner's account", async () => {
		const ownerId = await operatorId(site, cookies.owner, owner.displayName)
		const secondAdminId = await operatorId(site, cookies.owner, secondAdmin.displayName)
		const editorId = await operatorId(site, cookies.owner, editor.displayName)
		const act = async (cookie: string, intent: string, id: string, role = '') =>
			rawRequest(`${site.url}/admin/operators?intent=operator`, {
				cookie,
				form: { [CSRF_FIELD]: await csrfToken(site, cookie), intent, id, role },
			})
		/** A change that is done: 303 to the operators page (Post/Redirect/Get), which shows its outcome once. */
		const done = async (answer: Awaited<ReturnType<typeof act>>, cookie: string) => {
			expect([answer.status, answer.location]).toEqual([303, '/admin/operators'])
			return (await rawRequest(`${site.url}/admin/operators`, { cookie })).body
		}
		for (const intent of ['reset', 'disable', 'role']) {
			const onOwner = await act(cookies.admin, intent, ownerId, 'editor')
			expect(onOwner.status, `${intent} on the owner`).toBe(403)
			expect(onOwner.body).toContain(operatorsCopy.notYours.replaceAll('’', '&#x27;').slice(0, 20))
			expect((await act(cookies.admin, intent, secondAdminId, 'editor')).status, `${intent} on an admin`).toBe(403)
		}
		expect((await act(cookies.admin, 'role', editorId, 'admin')).status).toBe(403)
		// The owner's session still works: nothing was done to her account.
		expect(await status(cookies.owner, '/admin/operators')).toBe(200)

		// What an admin may do: a reset link for an editor, who is told on their next page.
		const reset = await done(await act(cookies.admin, 'reset', editorId), cookies.admin)
		expect(reset).toMatch(/\/admin\/reset-password\?token=/)
		const told = await rawRequest(`${site.url}/admin/posts`, { cookie: cookies.editor })
		expect(told.body).toContain(operatorsCopy.noticeReset(admin.displayName).slice(0, 30))
		const later = await rawRequest(`${site.url}/admin/posts`, { cookie: cookies.editor })
		expect(later.body).not.toContain(operatorsCopy.noticeReset(admin.displayName).slice(0, 30))

		// The owner changes an admin's role; the audit log says so.
		await done(await act(cookies.owner, 'role', secondAdminId, 'lead_manager'), cookies.owner)
		expect(await status(cookies.secondAdmin, '/admin/operators')).toBe(403)
		const log = await rawRequest(`${site.url}/admin/audit-log?action=operator.role_changed`, { cookie: cookies.owner })
		expect(log.body).toContain(secondAdmin.email)
	})

	test('moves ownership only when the operator it was offered to accepts, and the former owner becomes an admin', async () => {
		const adminId = await operatorId(site, cookies.owner, admin.displayName)
		const offer = await rawRequest(`${site.url}/admin/operators?intent=operator`, {
			cookie: cookies.owner,
			form: { [CSRF_FIELD]: await csrfToken(site, cookies.owner), intent: 'offer-ownership', id: adminId, role: '' },
		})
		expect(offer.status).toBe(303)
		// Offered, not moved: the owner is still the owner.
		const ownerId = await operatorId(site, cookies.owner, owner.displayName)
		const stillOwner = await rawRequest(`${site.url}/admin/operators?intent=operator`, {
			cookie: cookies.admin,
			form: { [CSRF_FIELD]: await csrfToken(site, cookies.admin), intent: 'disable', id: ownerId, role: '' },
		})
		expect(stillOwner.status).toBe(403)
		const accepted = await rawRequest(`${site.url}/admin/account?intent=ownership`, {
			cookie: cookies.admin,
			form: { [CSRF_FIELD]: await csrfToken(site, cookies.admin) },
		})
		expect([accepted.status, accepted.location]).toEqual([303, '/admin/account'])
		const signedInAgain = await signedIn(site, owner)
		const former = await rawRequest(`${site.url}/admin/operators`, { cookie: signedInAgain })
		expect(former.status).toBe(200)
		expect(former.body).toContain(operatorsCopy.noticeOwnershipTaken(admin.displayName).slice(0, 25))
		// The new owner acts on the former one, who is an admin now.
		const demoted = await rawRequest(`${site.url}/admin/operators?intent=operator`, {
			cookie: cookies.admin,
			form: { [CSRF_FIELD]: await csrfToken(site, cookies.admin), intent: 'role', id: ownerId, role: 'editor' },
		})
		expect(demoted.status).toBe(303)
		expect(await status(signedInAgain, '/admin/operators')).toBe(403)
	})

	test('keeps a notice on screen through the console’s own navigation until the operator dismisses it', async ({
		browser,
	}) => {
		// The owner since the test before: the first owner handed the console over.
		const editorId = await operatorId(site, cookies.admin, editor.displayName)
		const reset = await rawRequest(`${site.url}/admin/operators?intent=operator`, {
			cookie: cookies.admin,
			form: { [CSRF_FIELD]: await csrfToken(site, cookies.admin), intent: 'reset', id: editorId, role: '' },
		})
		expect(reset.status).toBe(303)
		const context = await openSignedInBrowser(browser, cookies.editor)
		const page = await context.newPage()
		await page.goto(`${site.url}/admin/posts`)
		await waitForHydration(page)
		const notices = page.getByRole('status', { name: accountCopy.noticesHeading })
		const told = operatorsCopy.noticeReset(admin.displayName).slice(0, 30)
		await expect(notices).toContainText(told)
		// Each console page asks the server again; the notice, handed out once, stays.
		await page.getByRole('navigation').getByRole('link', { name: 'Media', exact: true }).click()
		await page.waitForURL(`${site.url}/admin/media`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(mediaCopy.heading)
		await expect(notices).toContainText(told)
		await notices.getByRole('button', { name: accountCopy.noticesDismiss }).click()
		await expect(notices).toHaveCount(0)
		await page.reload()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(mediaCopy.heading)
		await expect(notices).toHaveCount(0)
		await context.close()
	})

	for (const javaScriptEnabled of [true, false]) {
		test(`revokes an invitation only once the operator confirms it, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
			browser,
		}) => {
			const email = `invited-${javaScriptEnabled ? 'with' : 'without'}-js@example.com`
			await invite(site, cookies.admin, email, 'editor')
			const context = await openSignedInBrowser(browser, cookies.admin, { javaScriptEnabled })
			const page = await context.newPage()
			await page.goto(`${site.url}/admin/operators`)
			if (javaScriptEnabled) await waitForHydration(page)
			const pending = page.getByRole('listitem').filter({ hasText: email })
			const revoke = pending.getByRole('button', { name: `${operatorsCopy.revoke}: ${email}` })
			await expect(revoke).toBeHidden()
			await pending.locator('summary', { hasText: operatorsCopy.revoke }).click()
			await expect(pending.getByText(operatorsCopy.revokeQuestion)).toBeVisible()
			await revoke.click()
			await expect(page.getByText(operatorsCopy.revokedMessage).first()).toBeVisible()
			await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0)
			if (!javaScriptEnabled) expect(new URL(page.url()).pathname).toBe('/admin/operators')
			await context.close()
		})
	}
})
