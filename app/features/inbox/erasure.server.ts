import { type SQL, sql } from 'drizzle-orm'
import { type LeadKind, leadKinds } from '../../content/inbox.ts'
import { type Database, selectRows } from '../../db/client.server.ts'
import { recordAudit } from '../operators/audit.server.ts'
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

const notesOf = (email: string) => sql`lead_notes WHERE (lead_kind, lead_id) IN (${personLeads(email)})`

const notificationsOf = (email: string) => sql`notifications WHERE (lead_kind, lead_id) IN (${personLeads(email)})
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
		count(db, notesOf(email)),
		count(db, notificationsOf(email)),
		count(db, eventsOf(email)),
	])
	const total = Object.values(leads).reduce((sum, n) => sum + n, 0) + notes + notifications + events
	return { leads, notes, notifications, events, total }
}

/**
 * Deletes every row about the email in one transaction, if it still holds the `expected` number of rows the operator
 * was shown; the audit entry says how many rows went, never whose.
 */
export async function erasePerson(
	db: Database,
	email: string,
	expected: number,
	actor: { by: number; clientAddress: string },
): Promise<{ outcome: 'erased'; rows: number } | { outcome: 'changed' | 'nothing' }> {
	const outcome = await db.transaction(async (tx) => {
		const summary = await erasureSummary(tx, email)
		if (summary.total === 0) return { outcome: 'nothing' as const }
		if (summary.total !== expected) return { outcome: 'changed' as const }
		// Children first: notes and notifications are found through the leads.
		await tx.execute(sql`DELETE FROM ${notesOf(email)}`)
		await tx.execute(sql`DELETE FROM ${notificationsOf(email)}`)
		await tx.execute(sql`DELETE FROM ${eventsOf(email)}`)
		for (const kind of leadKinds) {
			const lead = leadTables[kind]
			await tx.execute(sql`DELETE FROM ${sql.identifier(lead.name)} WHERE ${sameEmail(lead.email, email)}`)
		}
		return { outcome: 'erased' as const, rows: summary.total, summary }
	})
	if (outcome.outcome !== 'erased') return outcome
	const { summary } = outcome
	await recordAudit(db, {
		action: 'person.erased',
		operatorId: actor.by,
		clientAddress: actor.clientAddress,
		detail: {
			rows: summary.total,
			leads: summary.total - summary.notes - summary.notifications - summary.events,
			notes: summary.notes,
			notifications: summary.notifications,
			analytics_events: summary.events,
		},
	})
	return { outcome: 'erased', rows: outcome.rows }
}
