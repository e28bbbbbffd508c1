import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { inboxCopy } from '#app/content/inbox.ts'
import { selectRows } from '#app/db/client.server.ts'
import { searchQuery } from '#app/db/lead-search.ts'
import {
	analyticsEvents,
	auditLog,
	betaApplications,
	communityWaitlist,
	contactMessages,
	leadNotes,
	newsletterSubscribers,
	notifications,
	operators,
} from '#app/db/schema.ts'
import { enqueueNotification } from '#app/features/notifications/outbox.server.ts'
import { listAudit } from '#app/features/operators/audit.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { erasePerson, erasureSummary } from './erasure.server.ts'
import { attentionCount, cursorParam, inboxFilter, listInbox } from './inbox.server.ts'
import {
	addNote,
	assignLead,
	changeLeadStatus,
	changeNote,
	getLead,
	leadNeighbours,
	leadNotifications,
	leadsWithEmail,
	listNotes,
	markReadOnOpen,
} from './lead.server.ts'
import { leadTables, searchDocument } from './lead-tables.server.ts'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute))

describe.each(databaseDrivers())('the inbox on $name', (driver) => {
	const database = withTestDatabase(driver)
	let ada: number
	let grace: number
	const actor = () => ({ by: ada, clientAddress: '203.0.113.7' })

	beforeAll(async () => {
		const rows = await database.db
			.insert(operators)
			.values([
				{ email: 'ada@ops.example', display_name: 'Ada', password_hash: 'x' },
				{ email: 'grace@ops.example', display_name: 'Grace', password_hash: 'x' },
			])
			.returning({ id: operators.id })
		ada = rows[0]?.id ?? 0
		grace = rows[1]?.id ?? 0
	})
	beforeEach(async () => {
		const { db } = database
		for (const table of [leadNotes, notifications, analyticsEvents]) await db.delete(table)
		for (const table of [betaApplications, communityWaitlist, contactMessages, newsletterSubscribers])
			await db.delete(table)
	})

	async function contact(minute: number, fields: Partial<typeof contactMessages.$inferInsert> = {}) {
		const [row] = await database.db
			.insert(contactMessages)
			.values({
				name: 'Linus',
				email: 'linus@example.com',
				subject: 'Question',
				message: 'Hello there',
				status: 'unread',
				created_at: at(minute),
				...fields,
			})
			.returning({ id: contactMessages.id })
		return row?.id ?? 0
	}

	async function beta(minute: number, fields: Partial<typeof betaApplications.$inferInsert> = {}) {
		const [row] = await database.db
			.insert(betaApplications)
			.values({
				full_name: 'Ada Lovelace',
				email: 'ada@example.com',
				domain_count: 12,
				why_interested: 'Portfolio of premium names',
				created_at: at(minute),
				...fields,
			})
			.returning({ id: betaApplications.id })
		return row?.id ?? 0
	}

	it('gives a lead to an operator who works leads, finds each one’s own and the unassigned, and audits it', async () => {
		const { db } = database
		const first = await contact(1)
		const second = await beta(2)
		const third = await contact(3)
		const [editor] = await db
			.insert(operators)
			.values({ email: 'ed@ops.example', display_name: 'Ed', password_hash: 'x', role: 'editor' })
			.returning({ id: operators.id })
		expect(await assignLead(db, { kind: 'contact', id: first, to: ada }, actor())).toBe('assigned')
		expect(await assignLead(db, { kind: 'beta', id: second, to: grace }, actor())).toBe('assigned')
		expect(await assignLead(db, { kind: 'beta', id: second, to: editor?.id ?? 0 }, actor())).toBe('not-a-worker')
		expect(await assignLead(db, { kind: 'contact', id: 999_999, to: ada }, actor())).toBe('unknown')
		const listed = async (params: Record<string, string>, me?: number) =>
			(await listInbox(db, inboxFilter(new URLSearchParams(params), me))).rows.map(
				(row) => `${row.kind}:${row.id}:${row.assignee ?? '-'}`,
			)
		expect(await listed({ assigned: 'mine' }, ada)).toEqual([`contact:${first}:Ada`])
		expect(await listed({ assigned: 'mine' }, grace)).toEqual([`beta:${second}:Grace`])
		expect(await listed({ assigned: 'mine' })).toEqual([])
		expect(await listed({ assigned: 'nobody' }, ada)).toEqual([`contact:${third}:-`])
		expect(await listed({ assigned: 'someone' }, ada)).toHaveLength(3)
		expect((await getLead(db, 'beta', second))?.assignedTo).toBe(grace)
		expect(await assignLead(db, { kind: 'beta', id: second, to: null }, actor())).toBe('assigned')
		expect((await getLead(db, 'beta', second))?.assignedTo).toBeNull()
		const entries = await db
			.select({ target: auditLog.target, detail: auditLog.detail })
			.from(auditLog)
			.where(eq(auditLog.action, 'lead.assigned'))
			.orderBy(auditLog.id)
		expect(entries.slice(-3).map((entry) => entry.detail)).toEqual([{ to: 'Ada' }, { to: 'Grace' }, { to: null }])
		await db.delete(auditLog).where(eq(auditLog.operator_id, editor?.id ?? 0))
		await db.delete(operators).where(eq(operators.id, editor?.id ?? 0))
	})

	it('lists every form newest first and pages by keyset through leads that share a timestamp', async () => {
		// Three leads in one microsecond across three forms, and more around them.
		const same = at(30)
		await contact(10)
		await beta(20)
		await contact(0, { created_at: same, subject: 'tie-contact' })
		await beta(0, { created_at: same, company_name: 'tie-beta' })
		await database.db.insert(communityWaitlist).values({ name: 'W', email: 'w@example.com', created_at: same })
		await database.db.insert(newsletterSubscribers).values({ email: 'n@example.com', created_at: at(40) })
		const all = await listInbox(database.db, {}, undefined, 50)
		expect(all.rows.map((row) => row.kind)).toEqual(['newsletter', 'waitlist', 'beta', 'contact', 'beta', 'contact'])
		expect(all.next).toBeNull()
		const seen: string[] = []
		let cursor: ReturnType<typeof cursorParam>
		for (let page = 0; page < 10; page++) {
			const result = await listInbox(database.db, {}, cursor, 2)
			seen.push(...result.rows.map((row) => `${row.kind}:${row.id}`))
			cursor = cursorParam(result.next)
			if (!cursor) break
		}
		expect(seen).toEqual(all.rows.map((row) => `${row.kind}:${row.id}`))
	})

	it('marks a newsletter sign-up whose address has not confirmed it yet, and only that one', async () => {
		await database.db.insert(newsletterSubscribers).values([
			{ email: 'waiting@example.com', source: 'footer', confirmed_at: null, created_at: at(10) },
			{ email: 'confirmed@example.com', source: 'footer', confirmed_at: at(20), created_at: at(20) },
		])
		const { rows } = await listInbox(database.db, { kind: 'newsletter' }, undefined, 10)
		expect(rows.map((row) => [row.email, row.preview])).toEqual([
			['confirmed@example.com', 'footer'],
			['waiting@example.com', `${inboxCopy.unconfirmed} · footer`],
		])
	})

	it('steps from each lead to the newer and older one in the inbox order, through leads that share a timestamp', async () => {
		const same = at(30)
		await contact(10)
		await beta(20)
		await contact(0, { created_at: same, subject: 'tie-contact' })
		await contact(0, { created_at: same, subject: 'tie-contact-2' })
		await beta(0, { created_at: same, company_name: 'tie-beta' })
		await database.db.insert(communityWaitlist).values({ name: 'W', email: 'w@example.com', created_at: same })
		await database.db.insert(newsletterSubscribers).values({ email: 'n@example.com', created_at: at(40) })
		const order = (await listInbox(database.db, {}, undefined, 50)).rows.map(({ kind, id }) => ({ kind, id }))
		expect(order).toHaveLength(7)
		for (const [index, lead] of order.entries()) {
			expect([lead, await leadNeighbours(database.db, lead.kind, lead.id)]).toEqual([
				lead,
				{ newer: order[index - 1] ?? null, older: order[index + 1] ?? null },
			])
		}
	})

	it('steps within the filtered list a lead was opened from', async () => {
		// Needing attention: unread contact messages and new beta applications, newest first.
		const newest = await contact(40)
		await contact(30, { status: 'archived' })
		const middle = await beta(20)
		await beta(15, { review_status: 'accepted' })
		const oldest = await contact(10)
		const attention = { status: 'attention' } as const
		expect(await leadNeighbours(database.db, 'beta', middle, attention)).toEqual({
			newer: { kind: 'contact', id: newest },
			older: { kind: 'contact', id: oldest },
		})
		// A lead that no longer matches (read since it was opened) still steps to the list's neighbours.
		const read = await contact(35, { status: 'read' })
		expect(await leadNeighbours(database.db, 'contact', read, attention)).toEqual({
			newer: { kind: 'contact', id: newest },
			older: { kind: 'beta', id: middle },
		})
		expect(await leadNeighbours(database.db, 'contact', newest, { kind: 'beta' })).toEqual({
			newer: null,
			older: { kind: 'beta', id: middle },
		})
	})

	it("reads the days of a filter in the operator's time zone", async () => {
		// 02:00 UTC on the 21st: still the 20th in New York, already the 21st in Tokyo.
		await contact(0, { created_at: new Date(Date.UTC(2026, 10, 21, 2)) })
		const found = async (day: string, zone?: string) =>
			(await listInbox(database.db, inboxFilter(new URLSearchParams({ from: day, to: day }), undefined, zone))).rows
				.length
		expect(await found('2026-11-21')).toBe(1)
		expect(await found('2026-11-20')).toBe(0)
		expect(await found('2026-11-20', 'America/New_York')).toBe(1)
		expect(await found('2026-11-21', 'America/New_York')).toBe(0)
		expect(await found('2026-11-21', 'Asia/Tokyo')).toBe(1)
	})

	it('filters by form, status, needing attention and days, and searches words and emails', async () => {
		await contact(1, { message: 'I own zebra.com and more' })
		await contact(2, { email: 'Someone@Example.org', status: 'archived' })
		await beta(3, { company_name: 'Zebra Holdings' })
		await beta(4, { review_status: 'accepted' })
		const kinds = async (params: Record<string, string>) =>
			(await listInbox(database.db, inboxFilter(new URLSearchParams(params)))).rows.map(
				(row) => `${row.kind}:${row.status}`,
			)
		expect(await kinds({ form: 'beta' })).toEqual(['beta:accepted', 'beta:new'])
		expect(await kinds({ status: 'archived' })).toEqual(['contact:archived'])
		expect(await kinds({ status: 'attention' })).toEqual(['beta:new', 'contact:unread'])
		expect(await kinds({ q: 'zebra' })).toEqual(['beta:new', 'contact:unread'])
		expect(await kinds({ q: 'zebra.com' })).toEqual(['contact:unread'])
		expect(await kinds({ q: 'someone@example.org' })).toEqual(['contact:archived'])
		expect(await kinds({ q: '"<script>" -- ; drop' })).toEqual([])
		expect(await kinds({ q: '!!!' })).toEqual([])
		expect(await kinds({ from: '2026-11-21' })).toEqual([])
		expect(await kinds({ from: '2026-11-20', to: '2026-11-20' })).toHaveLength(4)
		expect(inboxFilter(new URLSearchParams({ from: '2026-02-30', form: 'nope', status: 'bogus' }))).toEqual({
			kind: undefined,
			status: undefined,
			search: undefined,
			from: undefined,
			to: undefined,
			invalidDate: true,
		})
		expect(await attentionCount(database.db)).toBe(2)
		// What a stranger can put in an address answers as no filter, never as a database error.
		const hostile = inboxFilter(new URLSearchParams({ q: 'a\u0000b', from: '0000-01-01', to: '9999-12-31' }))
		expect(hostile).toMatchObject({ search: 'a b', from: undefined, to: '9999-12-31', invalidDate: true })
		expect((await listInbox(database.db, hostile)).rows).toEqual([])
		expect(cursorParam('9999999999999999999.contact.1')).toBeUndefined()
		const far = cursorParam('9223372036854775.beta.1')
		expect((await listInbox(database.db, {}, far)).rows).toHaveLength(4)
	})

	it('finds words through the full-text index, not by reading every row', async () => {
		await contact(1, { message: 'needle in a haystack' })
		const plans = await database.db.transaction(async (tx) => {
			await tx.execute(sql`SET LOCAL enable_seqscan = off`)
			return selectRows<{ 'QUERY PLAN': string }>(
				tx,
				sql`EXPLAIN SELECT id FROM contact_messages
					WHERE ${searchDocument(leadTables.contact)} @@ to_tsquery('simple', ${searchQuery('need')})`,
			)
		})
		expect(plans.map((row) => row['QUERY PLAN']).join('\n')).toContain('contact_messages_search_idx')
		const found = await listInbox(database.db, { search: 'needle' })
		expect(found.rows).toHaveLength(1)
	})

	it('searches the starts of words, without marks, in parts of an email, by phrase, and takes % and _ as characters', async () => {
		await contact(1, { name: 'Rachel Green', email: 'rachel@greenmedia.com', message: 'Please call back soon' })
		await contact(2, { name: 'Jürgen Müller', email: 'j.mueller@example.de', message: 'Straße und Größe' })
		await beta(3, { full_name: 'Zoë Ørsted', email: 'zoe_o@example.org', company_name: '100% Domains' })
		const names = async (search: string) =>
			(await listInbox(database.db, { search })).rows.map((row) => row.name).sort()
		expect(await names('greenm')).toEqual(['Rachel Green'])
		expect(await names('greenmedia')).toEqual(['Rachel Green'])
		expect(await names('rachel@greenmedia.com')).toEqual(['Rachel Green'])
		expect(await names('rachel@greenmedia')).toEqual(['Rachel Green'])
		expect(await names('mueller')).toEqual(['Jürgen Müller'])
		expect(await names('muller')).toEqual(['Jürgen Müller'])
		expect(await names('MÜLLER jurg')).toEqual(['Jürgen Müller'])
		expect(await names('strasse')).toEqual(['Jürgen Müller'])
		expect(await names('zoe orsted')).toEqual(['Zoë Ørsted'])
		expect(await names('"call back"')).toEqual(['Rachel Green'])
		expect(await names('"back call"')).toEqual([])
		expect(await names('example -muller')).toEqual(['Zoë Ørsted'])
		expect(await names('%')).toEqual([])
		expect(await names('_')).toEqual([])
		expect(await names('100%')).toEqual(['Zoë Ørsted'])
		expect(await names("' & ! :* <->")).toEqual([])
	})

	it('moves a lead only along its arrows, refuses a stale change naming who made it, and audits each move', async () => {
		const id = await contact(1)
		const lead = await getLead(database.db, 'contact', id)
		expect(lead).toMatchObject({ status: 'unread', version: 0 })
		expect(await changeLeadStatus(database.db, { kind: 'contact', id, to: 'archived', version: 0 }, actor())).toEqual({
			outcome: 'not-allowed',
			from: 'unread',
			to: 'archived',
		})
		expect(await changeLeadStatus(database.db, { kind: 'contact', id, to: 'read', version: 0 }, actor())).toEqual({
			outcome: 'changed',
			from: 'unread',
			to: 'read',
		})
		// Grace still sees version 0.
		const stale = await changeLeadStatus(
			database.db,
			{ kind: 'contact', id, to: 'read', version: 0 },
			{ by: grace, clientAddress: '203.0.113.8' },
		)
		expect(stale).toMatchObject({ outcome: 'stale', status: 'read', changedBy: 'Ada' })
		expect(await changeLeadStatus(database.db, { kind: 'contact', id, to: 'new', version: 1 }, actor())).toMatchObject({
			outcome: 'not-allowed',
		})
		expect(
			await changeLeadStatus(database.db, { kind: 'contact', id: id + 999, to: 'read', version: 0 }, actor()),
		).toEqual({ outcome: 'unknown' })
		for (const [to, version] of [
			['replied', 1],
			['archived', 2],
			['unread', 3],
		] as const) {
			expect((await changeLeadStatus(database.db, { kind: 'contact', id, to, version }, actor())).outcome).toBe(
				'changed',
			)
		}
		const audit = await listAudit(database.db, { action: 'lead.status_changed', limit: 10 })
		expect(audit.entries.map((entry) => [entry.target, entry.detail?.to, entry.operatorName])).toEqual([
			[`contact:${id}`, 'unread', 'Ada'],
			[`contact:${id}`, 'archived', 'Ada'],
			[`contact:${id}`, 'replied', 'Ada'],
			[`contact:${id}`, 'read', 'Ada'],
		])
	})

	it('runs the beta, waitlist and newsletter workflows; the newsletter keeps unsubscribed_at in step', async () => {
		const id = await beta(1)
		const move = (kind: 'beta' | 'waitlist' | 'newsletter', leadId: number, to: string, version: number) =>
			changeLeadStatus(database.db, { kind, id: leadId, to: to as 'new', version }, actor())
		expect((await move('beta', id, 'accepted', 0)).outcome).toBe('not-allowed')
		expect((await move('beta', id, 'reviewing', 0)).outcome).toBe('changed')
		expect((await move('beta', id, 'declined', 1)).outcome).toBe('changed')
		expect((await move('beta', id, 'reviewing', 2)).outcome).toBe('not-allowed')
		const [member] = await database.db
			.insert(communityWaitlist)
			.values({ name: 'W', email: 'w@example.com' })
			.returning({ id: communityWaitlist.id })
		expect((await move('waitlist', member?.id ?? 0, 'joined', 0)).outcome).toBe('not-allowed')
		expect((await move('waitlist', member?.id ?? 0, 'invited', 0)).outcome).toBe('changed')
		expect((await move('waitlist', member?.id ?? 0, 'removed', 1)).outcome).toBe('changed')
		const [subscriber] = await database.db
			.insert(newsletterSubscribers)
			.values({ email: 'n@example.com' })
			.returning({ id: newsletterSubscribers.id })
		const subscriberId = subscriber?.id ?? 0
		expect((await move('newsletter', subscriberId, 'unsubscribed', 0)).outcome).toBe('changed')
		const [off] = await database.db
			.select()
			.from(newsletterSubscribers)
			.where(eq(newsletterSubscribers.id, subscriberId))
		expect(off?.unsubscribed_at).toBeInstanceOf(Date)
		expect((await move('newsletter', subscriberId, 'active', 1)).outcome).toBe('changed')
		const [on] = await database.db
			.select()
			.from(newsletterSubscribers)
			.where(eq(newsletterSubscribers.id, subscriberId))
		expect(on).toMatchObject({ status: 'active', unsubscribed_at: null, status_version: 2 })
	})

	it('marks an unread contact message read when it is opened, once, but not after its reader marked it unread', async () => {
		const id = await contact(1)
		expect(await markReadOnOpen(database.db, id, actor())).toBe(true)
		expect(await markReadOnOpen(database.db, id, actor())).toBe(false)
		expect(await getLead(database.db, 'contact', id)).toMatchObject({ status: 'read', version: 1, changedBy: 'Ada' })
		await changeLeadStatus(database.db, { kind: 'contact', id, to: 'unread', version: 1 }, actor())
		expect(await markReadOnOpen(database.db, id, actor())).toBe(false)
		expect(await markReadOnOpen(database.db, id, { by: grace, clientAddress: '203.0.113.8' })).toBe(true)
	})

	it('keeps notes, lists notifications and other leads of the same person', async () => {
		const id = await contact(1, { email: 'Ada@Example.com ' })
		const betaId = await beta(2)
		expect(await addNote(database.db, 'contact', id, 'Called back <b>today</b>', actor())).toBe('added')
		expect(await addNote(database.db, 'contact', id + 999, 'Lost', actor())).toBe('unknown')
		expect((await listNotes(database.db, 'contact', id)).map((note) => [note.body, note.operatorName])).toEqual([
			['Called back <b>today</b>', 'Ada'],
		])
		await enqueueNotification(database.db, 'chat', { text: 'New contact message' }, { kind: 'contact', id })
		await database.db.update(notifications).set({ status: 'failed', last_error: 'HTTP 404' })
		expect(await leadNotifications(database.db, 'contact', id)).toEqual([
			expect.objectContaining({ channel: 'chat', status: 'failed', lastError: 'HTTP 404', nextAttemptAt: null }),
		])
		expect(await leadsWithEmail(database.db, 'ada@example.com', { kind: 'contact', id })).toEqual([
			expect.objectContaining({ kind: 'beta', id: betaId, status: 'new' }),
		])
	})

	it("lets only a note's author change or delete it, marks it edited and audits both", async () => {
		const id = await contact(1)
		const graceActor = { by: grace, clientAddress: '203.0.113.8' }
		await addNote(database.db, 'contact', id, 'Call on Monday', actor())
		const [note] = await listNotes(database.db, 'contact', id)
		const noteId = note?.id ?? 0
		expect(note).toMatchObject({ operatorId: ada, editedAt: null })
		const edit = (body: string, by = actor(), leadId = id) =>
			changeNote(database.db, { kind: 'contact', id: leadId, note: noteId, body }, by)
		expect(await edit('Not mine to change', graceActor)).toBe('not-yours')
		expect(await edit('Wrong lead', actor(), id + 1)).toBe('unknown')
		expect(await edit('Call on Tuesday')).toBe('edited')
		expect(await listNotes(database.db, 'contact', id)).toEqual([
			expect.objectContaining({ body: 'Call on Tuesday', editedAt: expect.any(String) }),
		])
		const remove = (by = actor()) => changeNote(database.db, { kind: 'contact', id, note: noteId, deleted: true }, by)
		expect(await remove(graceActor)).toBe('not-yours')
		expect(await remove()).toBe('deleted')
		expect(await remove()).toBe('unknown')
		expect(await listNotes(database.db, 'contact', id)).toEqual([])
		const audited = await database.db
			.select()
			.from(auditLog)
			.where(eq(auditLog.target, `contact:${id}`))
		expect(audited.map((entry) => entry.action).sort()).toEqual([
			'lead.note_added',
			'lead.note_deleted',
			'lead.note_edited',
		])
	})

	it('erases a person from every table after counting what goes, and audits the count without the email', async () => {
		const id = await contact(1, { email: 'gone@example.com' })
		// The forms ignore what JavaScript's trim() removes around an address: tabs, no-break spaces, a BOM.
		await beta(2, { email: 'GONE@example.com\u00a0' })
		await database.db.insert(newsletterSubscribers).values({ email: '\t\ufeffgone@example.com' })
		await database.db.insert(communityWaitlist).values({ name: 'Stay', email: 'stay@example.com' })
		await addNote(database.db, 'contact', id, 'Wants to be forgotten', actor())
		await enqueueNotification(database.db, 'chat', { text: 'x' }, { kind: 'contact', id })
		// An older message that does not name its lead, found by its address.
		await enqueueNotification(database.db, 'email', { to: 'gone@example.com', subject: 's', text: 't' })
		await enqueueNotification(database.db, 'chat', { text: 'someone else', email: 'stay@example.com' })
		await database.db.insert(analyticsEvents).values([
			{ name: 'beta_application_submitted', props: { email: 'gone@example.com' } },
			{ name: 'beta_application_submitted', props: { email: 'stay@example.com' } },
		])
		const summary = await erasureSummary(database.db, 'gone@example.com')
		expect(summary).toEqual({
			leads: { contact: 1, beta: 1, waitlist: 0, newsletter: 1 },
			notes: 1,
			notifications: 2,
			events: 1,
			total: 7,
		})
		expect(await erasePerson(database.db, 'gone@example.com', 6, actor())).toEqual({ outcome: 'changed' })
		expect(await erasePerson(database.db, 'gone@example.com', 7, actor())).toEqual({ outcome: 'erased', rows: 7 })
		expect((await erasureSummary(database.db, 'gone@example.com')).total).toBe(0)
		const everything = await selectRows<{ row: string }>(
			database.db,
			sql`SELECT row_to_json(t)::text AS row FROM (
				SELECT email FROM contact_messages UNION ALL SELECT email FROM beta_applications
				UNION ALL SELECT email FROM community_waitlist UNION ALL SELECT email FROM newsletter_subscribers
				UNION ALL SELECT body FROM lead_notes UNION ALL SELECT payload::text FROM notifications
				UNION ALL SELECT props::text FROM analytics_events UNION ALL SELECT detail::text FROM audit_log) t`,
		)
		const text = everything.map((row) => row.row).join('\n')
		expect(text).not.toMatch(/gone@example\.com|forgotten/i)
		expect(text).toContain('stay@example.com')
		const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'person.erased'))
		expect(entry).toMatchObject({ operator_id: ada, target: null })
		expect(entry?.detail).toMatchObject({ rows: 7, leads: 3, notes: 1, notifications: 2, analytics_events: 1 })
		expect(await erasePerson(database.db, 'gone@example.com', 0, actor())).toEqual({ outcome: 'nothing' })
	})
})
