import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import type { AuditAction } from '#app/content/console.ts'
import type { Database } from '#app/db/client.server.ts'
import { auditLog, operators } from '#app/db/schema.ts'
import { addressHash } from '#app/features/insights/events.server.ts'

export type AuditEntry = {
	action: AuditAction
	operatorId?: number | null
	target?: string | null
	clientAddress: string
	detail?: Record<string, string | number | boolean | null>
}

/** Appends one entry; the table refuses updates and deletes, so this is the only way it changes. */
export async function recordAudit(db: Database, entry: AuditEntry) {
	await db.insert(auditLog).values({
		action: entry.action,
		operator_id: entry.operatorId ?? null,
		target: entry.target ?? null,
		address_hash: await addressHash(db, entry.clientAddress),
		detail: entry.detail ?? null,
	})
}

/** A page of entries, newest first, optionally of one operator and one action; `before` is the last id seen. */
export async function listAudit(
	db: Database,
	filter: { operatorId?: number; action?: string; before?: number; limit: number },
) {
	const conditions: SQL[] = []
	if (filter.operatorId !== undefined) conditions.push(eq(auditLog.operator_id, filter.operatorId))
	if (filter.action) conditions.push(eq(auditLog.action, filter.action))
	if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before))
	const rows = await db
		.select({
			id: auditLog.id,
			createdAt: auditLog.created_at,
			action: auditLog.action,
			target: auditLog.target,
			addressHash: auditLog.address_hash,
			detail: auditLog.detail,
			operatorName: operators.display_name,
			operatorEmail: operators.email,
		})
		.from(auditLog)
		.leftJoin(operators, eq(operators.id, auditLog.operator_id))
		.where(and(...conditions))
		.orderBy(desc(auditLog.id))
		.limit(filter.limit + 1)
	return { entries: rows.slice(0, filter.limit), more: rows.length > filter.limit }
}
