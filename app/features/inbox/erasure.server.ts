import crypto from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { type LeadKind, leadKinds } from '#app/content/inbox.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { sameSecret } from '#app/features/auth/secrets.server.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { leadTables, sameEmail } from './lead-tables.server.ts'

/** What an erasure of one email removes, counted before it does. */
export type ErasureSummary = {
	leads: Record<LeadKind, number>
	notes: number
	notifications: number
	events: number
	total: number
}

/**
 * The person's leads in every form (by email), as `(kind, id)` pairs; their notes and notifications are found through
 * them. Messages written before notifications named their lead are found by the address in their payload.
 */
const personLeads = (email: string) =>
	sql.join(
		leadKinds.map((kind) => {
			const lead = leadTables[kind]
			return sql`SELECT ${kind}::text AS kind, id FROM ${sql.identifier(lead.name)} WHERE ${sameEmail(lead.email, email)}`
		}),
		sql` UNION ALL `,
	)

/** The notes of these leads (`(kind, id)` rows). */
export const notesOf = (leads: SQL) => sql`lead_notes WHERE (lead_kind, lead_id) IN (${leads})`

/** The messages about these leads, and any whose payload carries the address. */
const notificationsOf = (leads: SQL, email: string) => sql`notifications WHERE (lead_kind, lead_id) IN (${leads})
	OR ${sameEmail(sql`payload->>'email'`, email)} OR ${sameEmail(sql`payload->>'to'`, email)}`

/** Funnel events that carry the address (a beta application's); the others hold no personal data. */
const eventsOf = (email: string) => sql`analytics_events WHERE ${sameEmail(sql`props->>'email'`, email)}`

async function count(db: Database, from: SQL) {
	const [row] = await selectRows<{ count: number | string }>(db, sql`SELECT count(*) AS count FROM ${from}`)
	return Number(row?.count ?? 0)
}

export async function erasureSummary(db: Database, email: string): Promise<ErasureSummary> {
	const leads = Object.fromEntries(
		await Promise.all(
			leadKinds.map(async (kind) => {
				const lead = leadTables[kind]
				return [kind, await count(db, sql`${sql.identifier(lead.name)} WHERE ${sameEmail(lead.email, email)}`)]
			}),
		),
	) as Record<LeadKind, number>
	const [notes, notifications, events] = await Promise.all([
		count(db, notesOf(personLeads(email))),
		count(db, notificationsOf(personLeads(email), email)),
		count(db, eventsOf(email)),
	])
	const total = Object.values(leads).reduce((sum, n) => sum + n, 0) + notes + notifications + events
	return { leads, notes, notifications, events, total }
}

class ChangedMeanwhile extends Error {}

/**
 * Deletes every row about the email in one transaction, leads first (each delete says what it removed), and keeps it
 * only if that is the `expected` number of rows the operator was shown; the audit entry says how many, never whose.
 */
export async function erasePerson(
	db: Database,
	email: string,
	expected: number,
	actor: { by: number; clientAddress: string },
): Promise<{ outcome: 'erased'; rows: number } | { outcome: 'changed' | 'nothing' }> {
	let summary: Omit<ErasureSummary, 'leads'> & { leads: number }
	try {
		summary = await db.transaction(async (tx) => {
			const erased: SQL[] = []
			for (const kind of leadKinds) {
				const lead = leadTables[kind]
				const rows = await selectRows<{ id: number | string }>(
					tx,
					sql`DELETE FROM ${sql.identifier(lead.name)} WHERE ${sameEmail(lead.email, email)} RETURNING id`,
				)
				for (const row of rows) erased.push(sql`(${kind}::text, ${Number(row.id)}::bigint)`)
			}
			const gone = erased.length
				? sql`VALUES ${sql.join(erased, sql`, `)}`
				: sql`SELECT NULL::text, NULL::bigint WHERE false`
			const deleted = async (from: SQL) =>
				(await selectRows<{ id: number }>(tx, sql`DELETE FROM ${from} RETURNING id`)).length
			const notes = await deleted(notesOf(gone))
			const notifications = await deleted(notificationsOf(gone, email))
			const events = await deleted(eventsOf(email))
			const total = erased.length + notes + notifications + events
			// Rolled back: what would go is no longer what the operator confirmed.
			if (total !== expected) throw new ChangedMeanwhile()
			return { leads: erased.length, notes, notifications, events, total }
		})
	} catch (error) {
		if (!(error instanceof ChangedMeanwhile)) throw error
		return { outcome: expected === 0 ? 'nothing' : 'changed' }
	}
	if (summary.total === 0) return { outcome: 'nothing' }
	await recordAudit(db, {
		action: 'person.erased',
		operatorId: actor.by,
		clientAddress: actor.clientAddress,
		detail: {
			rows: summary.total,
			leads: summary.leads,
			notes: summary.notes,
			notifications: summary.notifications,
			analytics_events: summary.events,
		},
	})
	return { outcome: 'erased', rows: summary.total }
}

const noticeMac = (csrfToken: string, rows: number) =>
	crypto.createHmac('sha256', csrfToken).update(`erased:${rows}`).digest('base64url').slice(0, 22)

/** The inbox's word on an erasure: the count and a MAC with the session's token, so a link from elsewhere cannot claim one. */
export const erasureNotice = (csrfToken: string, rows: number) => `${rows}.${noticeMac(csrfToken, rows)}`

export function readErasureNotice(csrfToken: string, value: string | null): number | null {
	const match = /^(\d{1,9})\.([\w-]{22})$/.exec(value ?? '')
	if (!match) return null
	const rows = Number(match[1])
	return sameSecret(match[2] ?? '', noticeMac(csrfToken, rows)) ? rows : null
}
