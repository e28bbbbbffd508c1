import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { operatorNotices, operatorSessions, operators } from '#app/db/schema.ts'
import { confirmAction } from '#app/features/auth/confirm.actions.server.ts'
import { hashPassword } from '#app/features/auth/passwords.server.ts'
import { readSession, startSession, takeFlash } from '#app/features/auth/sessions.server.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import type { SiteContext } from '#app/load-context.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, submissionContext } from '#tests/support/lead-requests.ts'
import { operatorAction } from './operators.actions.server.ts'
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
	let ownerId: number
	let editorId: number
	let sessionId: string

	beforeAll(async () => {
		const passwordHash = await hashPassword(PASSWORD)
		const rows = await database.db
			.insert(operators)
			.values([
				{ email: 'olive@example.com', display_name: 'Olive', password_hash: passwordHash, role: 'owner' },
				{ email: 'edie@example.com', display_name: 'Edie', password_hash: passwordHash, role: 'editor' },
			])
			.returning({ id: operators.id })
		ownerId = rows[0]?.id ?? 0
		editorId = rows[1]?.id ?? 0
		sessionId = await startSession(database.db, ownerId, 'test')
	})

	const session = async () => {
		const read = await readSession(database.db, sessionId)
		if (!read) throw new Error('no session')
		return read
	}
	const context = async () => ({ ...submissionContext(database), operatorSession: await session() }) as SiteContext
	const age = (minutes: number) =>
		database.db
			.update(operatorSessions)
			.set({ confirmed_at: sql`now() - make_interval(mins => ${minutes})` })
			.where(eq(operatorSessions.operator_id, ownerId))

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

	it('keep exactly one owner in the database itself', async () => {
		await expect(
			database.db.update(operators).set({ role: 'owner' }).where(eq(operators.id, editorId)),
		).rejects.toThrow()
		await expect(
			database.db.execute(sql`UPDATE operators SET role = 'superuser' WHERE id = ${editorId}`),
		).rejects.toThrow()
	})
})
