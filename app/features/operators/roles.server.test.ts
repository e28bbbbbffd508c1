import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { auditLog, operatorNotices, operatorSessions, operators, operatorTokens } from '#app/db/schema.ts'
import { confirmAction } from '#app/features/auth/confirm.actions.server.ts'
import { hashPassword } from '#app/features/auth/passwords.server.ts'
import { confirmSession, readSession, startSession, takeFlash } from '#app/features/auth/sessions.server.ts'
import { backupDownloadAction } from '#app/features/backup/backup-download.server.ts'
import { inboxExportResponse } from '#app/features/inbox/inbox-export.server.ts'
import { adminExportResponse } from '#app/features/leads/export.server.ts'
import { sendContactMessage } from '#app/features/leads/leads.server.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import type { SiteContext } from '#app/load-context.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, SITE, submissionContext } from '#tests/support/lead-requests.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'
import { sheetRows, unzip } from '#tests/support/zip.ts'
import { acceptOwnership, offerOwnership } from './accounts.server.ts'
import { takeUnseenNotices } from './notices.server.ts'
import { acceptOwnershipAction, operatorAction } from './operators.actions.server.ts'
import { grantableRoles, homeFor, mayManage, mayOpen, operatorRoles } from './roles.ts'

const PASSWORD = 'quiet-meadow-lantern-42'

describe('roles', () => {
	it('open exactly their areas, in any spelling of the path and in route patterns without a leading slash', () => {
		expect(mayOpen('editor', '/admin/posts/12')).toBe(true)
		expect(mayOpen('editor', 'admin/posts/:id')).toBe(true)
		expect(mayOpen('editor', '/ADMIN/Inbox')).toBe(false)
		expect(mayOpen('editor', 'admin/export/:file')).toBe(false)
		expect(mayOpen('lead_manager', 'admin/inbox/:kind/:id/erase')).toBe(true)
		expect(mayOpen('lead_manager', '/admin/media/upload')).toBe(false)
		expect(mayOpen('lead_manager', '/admin/backup/download')).toBe(false)
		// A backup holds every operator's password hash and passkeys: the owner's alone.
		expect(operatorRoles.filter((role) => mayOpen(role, 'admin/backup/download'))).toEqual(['owner'])
		expect(operatorRoles.filter((role) => mayOpen(role, '/admin/backup'))).toEqual(['owner'])
		// Newsletter sends are for those who publish: owner, admins and editors.
		expect(operatorRoles.filter((role) => mayOpen(role, 'admin/newsletter/:id'))).toEqual(['owner', 'admin', 'editor'])
		expect(mayOpen('lead_manager', '/admin/posts/3/email?intent=send')).toBe(false)
		for (const role of operatorRoles) {
			expect(mayOpen(role, '/admin/account')).toBe(true)
			expect(mayOpen(role, homeFor(role))).toBe(true)
		}
	})

	it('let the owner act on anyone but as owner, an admin only on editors and lead managers', () => {
		expect(grantableRoles('owner')).toEqual(['admin', 'editor', 'lead_manager'])
		expect(grantableRoles('admin')).toEqual(['editor', 'lead_manager'])
		expect(grantableRoles('editor')).toEqual([])
		expect(mayManage('admin', 'owner')).toBe(false)
		expect(mayManage('owner', 'owner')).toBe(false)
	})
})

describe.each(databaseDrivers())('changes that ask for the password again, on $name', (driver) => {
	const database = withTestDatabase(driver)
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let site: SiteContext
	let ownerId: number
	let editorId: number
	/** The operators the changes below are made to: one each, so that every change starts from a known state. */
	const target = { disable: 0, reset: 0, role: 0, ownership: 0 }
	const sessionIds = new Map<number, string>()

	beforeAll(async () => {
		smtp = await startSmtpServer()
		// With DATABASE_URL the backup streams from PostgreSQL; without, it is written to DATA_DIR first.
		const env: Record<string, string> = { SMTP_URL: smtp.url }
		if ('databaseUrl' in database.location) env.DATABASE_URL = database.location.databaseUrl
		site = submissionContext(database, env) as SiteContext
		const passwordHash = await hashPassword(PASSWORD)
		const rows = await database.db
			.insert(operators)
			.values(
				(
					[
						['olive', 'Olive', 'owner'],
						['edie', 'Edie', 'editor'],
						['dora', 'Dora', 'editor'],
						['rita', 'Rita', 'lead_manager'],
						['rory', 'Rory', 'editor'],
						['oscar', 'Oscar', 'admin'],
					] as const
				).map(([name, displayName, role]) => ({
					email: `${name}@example.com`,
					display_name: displayName,
					password_hash: passwordHash,
					role,
				})),
			)
			.returning({ id: operators.id })
		const ids = rows.map((row) => row.id)
		ownerId = ids[0] ?? 0
		editorId = ids[1] ?? 0
		Object.assign(target, { disable: ids[2], reset: ids[3], role: ids[4], ownership: ids[5] })
		for (const id of [ownerId, target.ownership]) sessionIds.set(id, await startSession(database.db, id, 'test'))
		// A lead, for the exports to hold.
		await sendContactMessage(
			formPost('/contact', { name: 'Lena Lead', email: 'lena@example.com', subject: 'Hello', message: 'A message.' }),
			submissionContext(database),
		)
	})
	afterAll(async () => {
		await smtp?.close()
	})

	const session = async (operatorId = ownerId) => {
		const read = await readSession(database.db, sessionIds.get(operatorId) ?? '')
		if (!read) throw new Error('no session')
		return read
	}
	const context = async (operatorId = ownerId) => ({ ...site, operatorSession: await session(operatorId) })
	const age = (minutes: number, operatorId = ownerId) =>
		database.db
			.update(operatorSessions)
			.set({ confirmed_at: sql`now() - make_interval(mins => ${minutes})` })
			.where(eq(operatorSessions.operator_id, operatorId))

	it('count a sign-in as proof for 5 minutes, then send the operator to confirm and back', async () => {
		expect((await session()).recentlyConfirmed).toBe(true)
		await age(6)
		expect((await session()).recentlyConfirmed).toBe(false)
		const { csrfToken } = await session()
		const disable = { [CSRF_FIELD]: csrfToken, intent: 'disable', id: String(editorId), role: '' }
		// Thrown, as a loader's redirect is: the router answers with it.
		const refused = await operatorAction(formPost('/admin/operators?intent=operator', disable), await context()).then(
			() => null,
			(thrown: unknown) => thrown as Response,
		)
		expect(refused?.status).toBe(303)
		expect(refused?.headers.get('location')).toBe('/admin/confirm?next=%2Fadmin%2Foperators')
		const [editor] = await database.db.select().from(operators).where(eq(operators.id, editorId))
		expect(editor?.disabled_at).toBeNull()

		const wrong = { [CSRF_FIELD]: csrfToken, password: 'not-the-password-at-all', next: '/admin/operators' }
		const notConfirmed = (await confirmAction(formPost('/admin/confirm', wrong), await context())) as {
			init: { status: number }
		}
		expect(notConfirmed.init.status).toBe(400)
		expect((await session()).recentlyConfirmed).toBe(false)

		const right = { [CSRF_FIELD]: csrfToken, password: PASSWORD, next: '/admin/operators' }
		const confirmed = (await confirmAction(formPost('/admin/confirm', right), await context())) as Response
		expect(confirmed.status).toBe(303)
		expect(confirmed.headers.get('location')).toBe('/admin/operators')
		expect((await session()).recentlyConfirmed).toBe(true)

		// Posted without JavaScript: the outcome waits for the page the 303 leads to, and is shown there once.
		const done = (await operatorAction(
			formPost('/admin/operators?intent=operator', disable),
			await context(),
		)) as Response
		expect([done.status, done.headers.get('location')]).toEqual([303, '/admin/operators'])
		expect(await takeFlash(database.db, (await session()).sessionKey)).toEqual({
			tone: 'success',
			message: 'Edie is disabled and signed out everywhere.',
		})
		expect(await takeFlash(database.db, (await session()).sessionKey)).toBeNull()
		const [disabled] = await database.db.select().from(operators).where(eq(operators.id, editorId))
		expect(disabled?.disabled_at).not.toBeNull()
		const notices = await database.db.select().from(operatorNotices).where(eq(operatorNotices.operator_id, editorId))
		expect(notices.map((notice) => notice.text)).toEqual(['Olive disabled your account.'])
	})

	const operator = async (id: number) => {
		const [row] = await database.db.select().from(operators).where(eq(operators.id, id))
		if (!row) throw new Error(`no operator ${id}`)
		return row
	}
	const total = async (table: typeof auditLog | typeof operatorNotices) =>
		Number((await database.db.select({ n: count() }).from(table))[0]?.n)
	/** What the action answered, thrown (a redirect from the store) or returned. */
	const answer = (action: Promise<unknown>) =>
		action.then(
			(returned) => returned as Response,
			(thrown: unknown) => {
				if (thrown instanceof Response) return thrown
				throw thrown
			},
		)
	const operatorPost = async (fields: Record<string, string>) =>
		operatorAction(
			formPost('/admin/operators?intent=operator', { [CSRF_FIELD]: (await session()).csrfToken, role: '', ...fields }),
			await context(),
		)
	const download = async (path: string, respond: typeof inboxExportResponse) =>
		respond(new Request(`${SITE}${path}`), new URL(`${SITE}${path}`), await context())
	const redirectTo = (response: Response) => [response.status, response.headers.get('location')]
	/** The text of the latest email to an address: quoted-printable read back into UTF-8. */
	const mailTo = (email: string) => {
		const mail = smtp.mails.findLast((m) => m.to.includes(email))
		return { subject: mail ? smtp.header(mail, 'Subject') : undefined, text: smtp.textTo(email) }
	}

	type Guarded = {
		name: string
		/** The operator who acts (the owner unless said otherwise). */
		actor?: () => number
		/** What has to be true before the action makes sense (an offer of ownership to accept). */
		arrange?: () => Promise<unknown>
		act: () => Promise<unknown>
		/** Where the operator is sent back to after confirming. */
		back: string
		/** What the action changes, read from the database: `before` while refused, `after` once done. */
		state?: { read: () => Promise<unknown>; before: unknown; after: unknown }
		/** The operator whose account it changed: told by email and once in the console. */
		tells?: { operator: () => number; email: string; text: string }
		done: (response: Response) => Promise<void>
		/** Puts things back for the cases after it, whether the case passed or not. */
		undo?: () => Promise<void>
	}
	const toOperators = async (response: Response) => {
		expect(redirectTo(response)).toEqual([303, '/admin/operators'])
	}
	const resetLinks = async (id: number) =>
		(
			await database.db
				.select()
				.from(operatorTokens)
				.where(
					and(eq(operatorTokens.kind, 'reset'), eq(operatorTokens.operator_id, id), isNull(operatorTokens.used_at)),
				)
		).length
	const offered = async () => (await operator(target.ownership)).ownership_offered_at !== null
	/** A CSV export that holds the lead the tests file. */
	const csvWithLena = async (response: Response) => {
		expect(response.status).toBe(200)
		expect(await response.text()).toContain('Lena Lead,lena@example.com')
	}
	const guarded: Guarded[] = [
		{
			name: 'a password-reset link for another operator',
			act: () => operatorPost({ intent: 'reset', id: String(target.reset) }),
			back: '/admin/operators',
			state: { read: () => resetLinks(target.reset), before: 0, after: 1 },
			tells: {
				operator: () => target.reset,
				email: 'rita@example.com',
				text: 'Olive created a password-reset link for your account. If you did not ask for it, tell the site’s owner.',
			},
			done: async (response) => {
				await toOperators(response)
				expect((await takeFlash(database.db, (await session()).sessionKey))?.shownOnce).toMatch(
					/^http:\/\/127\.0\.0\.1:3000\/admin\/reset-password\?token=/,
				)
			},
		},
		{
			name: 'disabling another operator',
			act: () => operatorPost({ intent: 'disable', id: String(target.disable) }),
			back: '/admin/operators',
			state: { read: async () => (await operator(target.disable)).disabled_at !== null, before: false, after: true },
			tells: { operator: () => target.disable, email: 'dora@example.com', text: 'Olive disabled your account.' },
			done: toOperators,
		},
		{
			name: 'another operator’s new role',
			act: () => operatorPost({ intent: 'role', id: String(target.role), role: 'lead_manager' }),
			back: '/admin/operators',
			state: { read: async () => (await operator(target.role)).role, before: 'editor', after: 'lead_manager' },
			tells: {
				operator: () => target.role,
				email: 'rory@example.com',
				text: 'Olive changed your role to Lead manager.',
			},
			done: toOperators,
		},
		{
			name: 'an offer of ownership',
			act: () => operatorPost({ intent: 'offer-ownership', id: String(target.ownership) }),
			back: '/admin/operators',
			state: { read: offered, before: false, after: true },
			tells: {
				operator: () => target.ownership,
				email: 'oscar@example.com',
				text: 'Olive offered you ownership of the console. Accept it on your account page.',
			},
			done: toOperators,
		},
		{
			name: 'withdrawing the offer of ownership',
			arrange: () => offerOwnership(database.db, target.ownership, ownerId, '203.0.113.7'),
			act: () => operatorPost({ intent: 'withdraw-ownership', id: String(target.ownership) }),
			back: '/admin/operators',
			state: { read: offered, before: true, after: false },
			done: toOperators,
		},
		{
			name: 'accepting ownership',
			actor: () => target.ownership,
			arrange: () => offerOwnership(database.db, target.ownership, ownerId, '203.0.113.7'),
			act: async () =>
				acceptOwnershipAction(
					formPost('/admin/account?intent=ownership', {
						[CSRF_FIELD]: (await session(target.ownership)).csrfToken,
					}),
					await context(target.ownership),
				),
			back: '/admin/account',
			state: {
				read: async () => [(await operator(ownerId)).role, (await operator(target.ownership)).role],
				before: ['owner', 'admin'],
				after: ['admin', 'owner'],
			},
			// The former owner is the one told.
			tells: {
				operator: () => ownerId,
				email: 'olive@example.com',
				text: 'Oscar accepted ownership of the console; you are now an admin.',
			},
			done: async (response) => {
				expect(redirectTo(response)).toEqual([303, '/admin/account'])
			},
			undo: async () => {
				await offerOwnership(database.db, ownerId, target.ownership, '203.0.113.7')
				await acceptOwnership(database.db, ownerId, '203.0.113.7')
			},
		},
		{
			name: 'downloading a backup',
			act: async () =>
				backupDownloadAction(
					formPost('/admin/backup/download', { [CSRF_FIELD]: (await session()).csrfToken }),
					await context(),
				),
			back: '/admin/backup',
			done: async (response) => {
				expect(response.status).toBe(200)
				const backup = await response.text()
				expect(backup).toMatch(/^\{"format":2,/)
				expect(backup).toContain('"lena@example.com"')
			},
		},
		{
			name: 'exporting a table of leads as CSV',
			act: () =>
				download('/admin/export/contact_messages.csv', (request, url, context) =>
					adminExportResponse(request, url, 'contact_messages.csv', context),
				),
			back: '/admin/export/contact_messages.csv',
			done: csvWithLena,
		},
		{
			name: 'exporting the inbox as CSV',
			act: () => download('/admin/inbox/export.csv?form=contact', inboxExportResponse),
			back: '/admin/inbox/export.csv?form=contact',
			done: csvWithLena,
		},
		{
			name: 'exporting the inbox as a workbook',
			act: () => download('/admin/inbox/export.xlsx?form=contact', inboxExportResponse),
			back: '/admin/inbox/export.xlsx?form=contact',
			done: async (response) => {
				expect(response.status).toBe(200)
				const sheet = unzip(Buffer.from(await response.arrayBuffer())).get('xl/worksheets/sheet1.xml')
				expect(sheetRows(sheet?.toString() ?? '').flat()).toContain('lena@example.com')
			},
		},
	]

	for (const { name, actor = () => ownerId, arrange, act, back, state, tells, done, undo } of guarded) {
		it(`refuse ${name} with a confirmation 6 minutes old and change nothing, then do it once confirmed`, async () => {
			if (undo) onTestFinished(undo)
			await arrange?.()
			await age(6, actor())
			const audited = await total(auditLog)
			const notices = await total(operatorNotices)
			const mails = smtp.mails.length
			if (state) expect(await state.read()).toEqual(state.before)

			const refused = await answer(act())
			expect(redirectTo(refused)).toEqual([303, `/admin/confirm?next=${encodeURIComponent(back)}`])
			expect(await refused.text()).toBe('')
			if (state) expect(await state.read()).toEqual(state.before)
			expect([await total(auditLog), await total(operatorNotices), smtp.mails.length]).toEqual([
				audited,
				notices,
				mails,
			])

			// Their password or a passkey again, as the confirmation page notes it.
			await confirmSession(database.db, (await session(actor())).sessionKey)
			await done(await answer(act()))
			if (state) expect(await state.read()).toEqual(state.after)
			expect(await total(auditLog)).toBeGreaterThan(audited)
			expect(smtp.mails.length).toBe(mails + (tells ? 1 : 0))
			if (tells) {
				expect(mailTo(tells.email)).toEqual({
					subject: 'A change to your Domain Rebels console account',
					text: expect.stringContaining(tells.text),
				})
				// Shown on their next page in the console, once.
				const shown = await takeUnseenNotices(database.db, tells.operator())
				expect(shown.map((notice) => notice.text)).toEqual([tells.text])
				expect(await takeUnseenNotices(database.db, tells.operator())).toEqual([])
			}
		})
	}

	it('keep exactly one owner in the database itself', async () => {
		await expect(
			database.db.update(operators).set({ role: 'owner' }).where(eq(operators.id, editorId)),
		).rejects.toThrow()
		await expect(
			database.db.execute(sql`UPDATE operators SET role = 'superuser' WHERE id = ${editorId}`),
		).rejects.toThrow()
	})
})
