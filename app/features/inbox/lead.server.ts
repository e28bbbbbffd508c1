import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { data } from 'react-router'
import {
	inboxCopy,
	type LeadKind,
	type LeadStatus,
	leadKinds,
	leadStatuses,
	leadTransitions,
} from '#app/content/inbox.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { leadNotes, notifications, operators } from '#app/db/schema.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { skipWaitingIssues } from '#app/features/newsletter/unsubscribe.server.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { mayOpen, type OperatorRole } from '#app/features/operators/roles.ts'
import { conditionsOf, type InboxFilter } from './inbox.server.ts'
import { isLeadKind, kindRank, leadReference, leadTables, sameEmail } from './lead-tables.server.ts'

export type LeadField = { column: string; value: string | null }

export type Lead = {
	kind: LeadKind
	id: number
	createdAt: string
	email: string
	name: string | null
	status: LeadStatus
	version: number
	changedAt: string | null
	/** Who made the last status change; null with a change time: the visitor, through a public flow. */
	changedBy: string | null
	pagePath: string | null
	source: string | null
	/** Where the visit that sent it came from (decision 013), and the blog post a newsletter sign-up was sent from. */
	visit: LeadField[]
	fromPost: { slug: string; title: string } | null
	fields: LeadField[]
	/** The subject, for a contact message's reply. */
	subject: string | null
	/** The operator working the lead, if someone took it. */
	assignedTo: number | null
}

const visitColumns = ['landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const

type Actor = { by: number; clientAddress: string }

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString())

/** One lead with every field exactly as stored, or null. */
export async function getLead(db: Database, kind: LeadKind, id: number): Promise<Lead | null> {
	const lead = leadTables[kind]
	const table = sql.identifier(lead.name)
	const [row] = await selectRows<Record<string, unknown>>(
		db,
		sql`SELECT ${table}.*, ${lead.status} AS workflow_status, ${lead.personName} AS person_name,
				operators.display_name AS changed_by_name, blog_posts.seo_slug AS from_post_slug,
				blog_posts.title AS from_post_title
			FROM ${table} LEFT JOIN operators ON operators.id = ${table}.status_changed_by
				LEFT JOIN blog_posts ON ${kind === 'newsletter' ? sql`blog_posts.id = ${table}.from_post_id` : sql`false`}
			WHERE ${table}.id = ${id}`,
	)
	if (!row) return null
	const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
	return {
		kind,
		id,
		createdAt: iso(row.created_at as string) ?? '',
		email: String(row.email),
		name: text(row.person_name),
		status: row.workflow_status as LeadStatus,
		version: Number(row.status_version),
		changedAt: iso((row.status_changed_at as string | null) ?? null),
		changedBy: text(row.changed_by_name),
		pagePath: text(row.page_path),
		source: lead.source ? text(row[lead.source.name]) : null,
		visit: visitColumns.map((column) => ({ column, value: text(row[column]) })),
		fromPost:
			row.from_post_slug === null || row.from_post_slug === undefined
				? null
				: { slug: String(row.from_post_slug), title: String(row.from_post_title) },
		fields: lead.fields.map((column) => ({ column: column.name, value: text(row[column.name]) })),
		subject: kind === 'contact' ? text(row.subject) : null,
		assignedTo: row.assigned_to === null || row.assigned_to === undefined ? null : Number(row.assigned_to),
	}
}

export type LeadNotification = {
	id: number
	channel: string
	status: string
	attempts: number
	nextAttemptAt: string | null
	deliveredAt: string | null
	lastError: string | null
	createdAt: string
}

/** The messages written about a lead, oldest first, with their delivery state. */
export async function leadNotifications(db: Database, kind: LeadKind, id: number): Promise<LeadNotification[]> {
	const rows = await db
		.select({
			id: notifications.id,
			channel: notifications.channel,
			status: notifications.status,
			attempts: notifications.attempts,
			nextAttemptAt: notifications.next_attempt_at,
			deliveredAt: notifications.delivered_at,
			lastError: sql<string | null>`left(${notifications.last_error}, 500)`,
			createdAt: notifications.created_at,
		})
		.from(notifications)
		.where(and(eq(notifications.lead_kind, kind), eq(notifications.lead_id, id)))
		.orderBy(asc(notifications.id))
	return rows.map((row) => ({
		...row,
		// A paused newsletter send puts its messages off indefinitely: no next attempt to show.
		nextAttemptAt:
			row.status === 'pending' && Number.isFinite(row.nextAttemptAt.getTime()) ? iso(row.nextAttemptAt) : null,
		deliveredAt: iso(row.deliveredAt),
		createdAt: iso(row.createdAt) ?? '',
	}))
}

export type RelatedLead = { kind: LeadKind; id: number; createdAt: string; status: LeadStatus }

/** The person's other leads across the four forms (by email), newest first. */
export async function leadsWithEmail(db: Database, email: string, except?: { kind: LeadKind; id: number }) {
	const branches = leadKinds.map((kind) => {
		const lead = leadTables[kind]
		const table = sql.identifier(lead.name)
		return sql`(SELECT ${kind}::text AS kind, ${table}.id, ${table}.created_at, ${lead.status} AS status
			FROM ${table} WHERE ${sameEmail(lead.email, email)} ORDER BY ${table}.id DESC LIMIT 50)`
	})
	const rows = await selectRows<{ kind: LeadKind; id: number | string; created_at: string; status: LeadStatus }>(
		db,
		sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads ORDER BY created_at DESC LIMIT 50`,
	)
	return rows
		.map((row): RelatedLead => ({ ...row, id: Number(row.id), createdAt: iso(row.created_at) ?? '' }))
		.filter((row) => !(except && row.kind === except.kind && row.id === except.id))
}

export type LeadNote = {
	id: number
	body: string
	operatorId: number
	operatorName: string
	createdAt: string
	editedAt: string | null
}

export async function listNotes(db: Database, kind: LeadKind, id: number): Promise<LeadNote[]> {
	const rows = await db
		.select({
			id: leadNotes.id,
			body: leadNotes.body,
			operatorId: leadNotes.operator_id,
			operatorName: operators.display_name,
			createdAt: leadNotes.created_at,
			editedAt: leadNotes.edited_at,
		})
		.from(leadNotes)
		.innerJoin(operators, eq(operators.id, leadNotes.operator_id))
		.where(and(eq(leadNotes.lead_kind, kind), eq(leadNotes.lead_id, id)))
		.orderBy(desc(leadNotes.id))
	return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) ?? '', editedAt: iso(row.editedAt) }))
}

/** Adds a note if the lead exists, holding it (KEY SHARE) so that an erasure running meanwhile takes the note too. */
export async function addNote(db: Database, kind: LeadKind, id: number, body: string, actor: Actor) {
	const table = sql.identifier(leadTables[kind].name)
	const added = await selectRows<{ id: number }>(
		db,
		sql`INSERT INTO lead_notes (lead_kind, lead_id, operator_id, body)
			SELECT ${kind}, ${id}, ${actor.by}, ${body}
			WHERE EXISTS (SELECT 1 FROM ${table} WHERE id = ${id} FOR KEY SHARE)
			RETURNING id`,
	)
	if (!added.length) return 'unknown' as const
	await recordAudit(db, {
		action: 'lead.note_added',
		operatorId: actor.by,
		target: leadReference(kind, id),
		clientAddress: actor.clientAddress,
	})
	return 'added' as const
}

/** The operators a lead can be given to: those who may work leads, and not disabled. */
export async function leadWorkers(db: Database) {
	const rows = await selectRows<{ id: number | string; display_name: string; role: OperatorRole }>(
		db,
		sql`SELECT id, display_name, role FROM operators WHERE disabled_at IS NULL ORDER BY lower(display_name), id`,
	)
	return rows
		.filter((row) => mayOpen(row.role, consolePaths.inbox))
		.map((row) => ({ id: Number(row.id), name: row.display_name }))
}

/** Gives a lead to an operator who may work leads, or to nobody (`to` null); audited with the names. */
export async function assignLead(
	db: Database,
	input: { kind: LeadKind; id: number; to: number | null },
	actor: Actor,
): Promise<'assigned' | 'unknown' | 'not-a-worker'> {
	const worker = input.to === null ? null : (await leadWorkers(db)).find((row) => row.id === input.to)
	if (input.to !== null && !worker) return 'not-a-worker'
	const table = sql.identifier(leadTables[input.kind].name)
	const changed = await selectRows<{ id: number }>(
		db,
		sql`UPDATE ${table} SET assigned_to = ${input.to} WHERE id = ${input.id} RETURNING id`,
	)
	if (!changed.length) return 'unknown'
	await recordAudit(db, {
		action: 'lead.assigned',
		operatorId: actor.by,
		target: leadReference(input.kind, input.id),
		clientAddress: actor.clientAddress,
		detail: { to: worker?.name ?? null },
	})
	return 'assigned'
}

export type NoteChange = { kind: LeadKind; id: number; note: number } & ({ body: string } | { deleted: true })

/**
 * Changes or deletes a note on a lead, only by the operator who wrote it, and audits it. 'unknown' when the lead has
 * no such note (an erasure took it, or another tab deleted it); 'not-yours' when someone else wrote it.
 */
export async function changeNote(db: Database, change: NoteChange, actor: Actor) {
	const ofLead = and(
		eq(leadNotes.id, change.note),
		eq(leadNotes.lead_kind, change.kind),
		eq(leadNotes.lead_id, change.id),
	)
	const mine = and(ofLead, eq(leadNotes.operator_id, actor.by))
	const done =
		'body' in change
			? await db
					.update(leadNotes)
					.set({ body: change.body, edited_at: sql`now()` })
					.where(mine)
					.returning({ id: leadNotes.id })
			: await db.delete(leadNotes).where(mine).returning({ id: leadNotes.id })
	if (!done.length) {
		const [other] = await db.select({ id: leadNotes.id }).from(leadNotes).where(ofLead)
		return other ? ('not-yours' as const) : ('unknown' as const)
	}
	await recordAudit(db, {
		action: 'body' in change ? 'lead.note_edited' : 'lead.note_deleted',
		operatorId: actor.by,
		target: leadReference(change.kind, change.id),
		clientAddress: actor.clientAddress,
	})
	return 'body' in change ? ('edited' as const) : ('deleted' as const)
}

export function canMove(from: LeadStatus, to: LeadStatus) {
	return Object.hasOwn(leadTransitions[from], to)
}

/** The columns a status change sets besides the status itself: the newsletter's unsubscribe time follows its status. */
function statusSideEffects(kind: LeadKind, to: LeadStatus) {
	if (kind !== 'newsletter') return sql``
	return to === 'unsubscribed' ? sql`, unsubscribed_at = now()` : sql`, unsubscribed_at = NULL`
}

export type StatusChange =
	| { outcome: 'changed'; from: LeadStatus; to: LeadStatus }
	| { outcome: 'unknown' }
	| { outcome: 'not-allowed'; from: LeadStatus; to: LeadStatus }
	| { outcome: 'stale'; status: LeadStatus; changedBy: string | null; changedAt: string | null }

/**
 * Moves a lead to another status along the workflow's arrows, if the operator saw its current version: a change made
 * on a stale view is refused with who made the newer one. Audited.
 */
export async function changeLeadStatus(
	db: Database,
	change: { kind: LeadKind; id: number; to: LeadStatus; version: number },
	actor: Actor,
): Promise<StatusChange> {
	const lead = leadTables[change.kind]
	const table = sql.identifier(lead.name)
	const result = await db.transaction(async (tx): Promise<StatusChange> => {
		const [row] = await selectRows<{
			status: LeadStatus
			version: number
			changed_at: string | null
			changed_by: string | null
		}>(
			tx,
			sql`SELECT ${lead.status} AS status, ${table}.status_version AS version,
					${table}.status_changed_at AS changed_at, operators.display_name AS changed_by
				FROM ${table} LEFT JOIN operators ON operators.id = ${table}.status_changed_by
				WHERE ${table}.id = ${change.id} FOR UPDATE OF ${table}`,
		)
		if (!row) return { outcome: 'unknown' }
		if (Number(row.version) !== change.version) {
			return { outcome: 'stale', status: row.status, changedBy: row.changed_by, changedAt: iso(row.changed_at) }
		}
		if (!(leadStatuses[change.kind] as readonly string[]).includes(change.to) || !canMove(row.status, change.to)) {
			return { outcome: 'not-allowed', from: row.status, to: change.to }
		}
		await tx.execute(
			sql`UPDATE ${table} SET ${sql.identifier(lead.status.name)} = ${change.to},
					status_version = status_version + 1, status_changed_at = now(), status_changed_by = ${actor.by}
					${statusSideEffects(change.kind, change.to)}
				WHERE id = ${change.id}`,
		)
		if (change.kind === 'newsletter' && change.to === 'unsubscribed') {
			await skipWaitingIssues(tx, change.id, 'subscriber unsubscribed')
		}
		return { outcome: 'changed', from: row.status, to: change.to }
	})
	if (result.outcome === 'changed') {
		await recordAudit(db, {
			action: 'lead.status_changed',
			operatorId: actor.by,
			target: leadReference(change.kind, change.id),
			clientAddress: actor.clientAddress,
			detail: { from: result.from, to: result.to },
		})
	}
	return result
}

/**
 * Opening an unread contact message marks it read, in the operator's name; true when it did. One the same operator
 * marked unread stays so (their own page reloading after "Mark unread" must not undo it).
 */
export async function markReadOnOpen(db: Database, id: number, actor: Actor) {
	const rows = await selectRows<{ id: number }>(
		db,
		sql`UPDATE contact_messages SET status = 'read', status_version = status_version + 1,
				status_changed_at = now(), status_changed_by = ${actor.by}
			WHERE id = ${id} AND status = 'unread' AND status_changed_by IS DISTINCT FROM ${actor.by} RETURNING id`,
	)
	if (!rows.length) return false
	await recordAudit(db, {
		action: 'lead.status_changed',
		operatorId: actor.by,
		target: leadReference('contact', id),
		clientAddress: actor.clientAddress,
		detail: { from: 'unread', to: 'read', opened: true },
	})
	return true
}

/** The lead a console address names (`/admin/inbox/<kind>/<id>`), or a 404 saying there is none. */
export async function requireLead(db: Database, params: { kind?: string; id?: string }) {
	const id = rowIdParam(params.id ?? null)
	const lead = isLeadKind(params.kind) && id !== undefined ? await getLead(db, params.kind, id) : null
	if (!lead) throw data(inboxCopy.notFound, { status: 404 })
	return lead
}

export type LeadNeighbours = {
	newer: { kind: LeadKind; id: number } | null
	older: { kind: LeadKind; id: number } | null
}

/**
 * The leads either side of one in the inbox's order (newest first: time, then the form's rank, then id), each found
 * through its table's date index, for stepping from lead to lead.
 */
export async function leadNeighbours(
	db: Database,
	kind: LeadKind,
	id: number,
	filter: InboxFilter = {},
): Promise<LeadNeighbours> {
	const at = sql`(SELECT created_at FROM ${sql.identifier(leadTables[kind].name)} WHERE id = ${id})`
	const rank = kindRank(kind)
	const side = async (older: boolean) => {
		const before = older ? sql`<` : sql`>`
		const orEqual = older ? sql`<=` : sql`>=`
		const direction = older ? sql`DESC` : sql`ASC`
		const branches = leadKinds.flatMap((other) => {
			const listed = conditionsOf(leadTables[other], filter)
			if (listed === null) return []
			const table = sql.identifier(leadTables[other].name)
			const otherRank = kindRank(other)
			// Same time: a lower rank comes after (older), a higher one before; the same table orders by id.
			const condition =
				otherRank === rank
					? sql`(${table}.created_at, ${table}.id) ${before} (${at}, ${id})`
					: otherRank < rank === older
						? sql`${table}.created_at ${orEqual} ${at}`
						: sql`${table}.created_at ${before} ${at}`
			return [
				sql`(SELECT ${other}::text AS kind, ${otherRank}::int AS rank, ${table}.id, ${table}.created_at
				FROM ${table} WHERE ${sql.join([condition, ...listed], sql` AND `)}
				ORDER BY ${table}.created_at ${direction}, ${table}.id ${direction} LIMIT 1)`,
			]
		})
		if (branches.length === 0) return null
		const [row] = await selectRows<{ kind: LeadKind; id: number | string }>(
			db,
			sql`SELECT kind, id FROM (${sql.join(branches, sql` UNION ALL `)}) AS near
				ORDER BY created_at ${direction}, rank ${direction}, id ${direction} LIMIT 1`,
		)
		return row ? { kind: row.kind, id: Number(row.id) } : null
	}
	const [newer, older] = await Promise.all([side(false), side(true)])
	return { newer, older }
}
