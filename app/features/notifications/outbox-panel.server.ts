import { and, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { consoleLimits, outboxCopy } from '#app/content/console.ts'
import type { Database } from '#app/db/client.server.ts'
import { notifications } from '#app/db/schema.ts'
import { confirmSchema, rowId } from '#app/features/auth/schemas.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { SiteContext } from '#app/load-context.ts'

/** What the panel lists: every message not delivered. */
export const undeliveredStatuses = ['pending', 'failed', 'skipped'] as const

export type OutboxEntry = {
	id: number
	channel: string
	status: string
	attempts: number
	createdAt: Date
	/** When the worker tries a pending message next; null for failed and skipped ones, which it leaves alone. */
	nextAttemptAt: Date | null
	lastError: string | null
	/** What the message is about, as plain text. */
	summary: string
	/** The console page of the lead it announces, if any. */
	leadPath: string | null
}

/** Slack-style text escapes these three; the panel shows what was meant, as text. */
const unescapeChatText = (value: string) =>
	value.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** A chat or newsletter text on one line, cut to about `max` characters (whole code points). */
export function summarizeText(text: string, max: number = consoleLimits.outboxSummary) {
	const characters = Array.from(unescapeChatText(text).replace(/\s+/g, ' ').trim())
	return characters.length > max
		? `${characters
				.slice(0, max - 1)
				.join('')
				.trimEnd()}…`
		: characters.join('')
}

/** A page of undelivered messages, newest first; `before` is the last id seen. Payloads stay in the database. */
export async function listUndelivered(db: Database, filter: { before?: number; limit: number }) {
	// A newsletter send's copies have their own report (the Newsletter page), and may number in the hundred thousands.
	const conditions: SQL[] = [inArray(notifications.status, [...undeliveredStatuses]), isNull(notifications.send_id)]
	if (filter.before !== undefined) conditions.push(lt(notifications.id, filter.before))
	const rows = await db
		.select({
			id: notifications.id,
			channel: notifications.channel,
			status: notifications.status,
			attempts: notifications.attempts,
			createdAt: notifications.created_at,
			nextAttemptAt: notifications.next_attempt_at,
			// A remote server's answer can be long; a page needs its start.
			lastError: sql<string | null>`left(${notifications.last_error}, 500)`,
			// Only what the summary needs, and not much of it, whatever size the message is.
			text: sql<string | null>`left(${notifications.payload}->>'text', ${consoleLimits.outboxSummary * 2})`,
			subject: sql<string | null>`left(${notifications.payload}->>'subject', 200)`,
			to: sql<string | null>`left(${notifications.payload}->>'to', 320)`,
			leadKind: notifications.lead_kind,
			leadId: notifications.lead_id,
		})
		.from(notifications)
		.where(and(...conditions))
		.orderBy(desc(notifications.id))
		.limit(filter.limit + 1)
	const entries = rows.slice(0, filter.limit).map(({ text, subject, to, leadKind, leadId, ...row }): OutboxEntry => {
		const summary =
			row.channel === 'email'
				? outboxCopy.emailSummary(summarizeText(subject ?? ''), to ?? '')
				: summarizeText(text ?? '')
		return {
			...row,
			nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
			summary: summary || outboxCopy.noSummary,
			leadPath: leadKind && leadId !== null ? consolePaths.lead(leadKind, leadId) : null,
		}
	})
	return { entries, more: rows.length > filter.limit }
}

/** Whether any message has failed for good (the panel offers to retry them all). */
export async function anyFailed(db: Database) {
	const [row] = await db
		.select({ id: notifications.id })
		.from(notifications)
		.where(and(eq(notifications.status, 'failed'), isNull(notifications.send_id)))
		.limit(1)
	return Boolean(row)
}

type Operator = { by: number; clientAddress: string }

/**
 * Makes one undelivered message due now, keeping its attempts: the worker sends it in its next round. A delivered
 * message is never sent again. A pending message the worker holds at that moment may go out twice; its receiver
 * drops the second by its Idempotency-Key.
 */
export async function retryNotification(
	db: Database,
	id: number,
	{ by, clientAddress }: Operator,
): Promise<'retried' | 'delivered' | 'unknown'> {
	const [retried] = await db
		.update(notifications)
		.set({ status: 'pending', next_attempt_at: sql`now()` })
		.where(and(eq(notifications.id, id), ne(notifications.status, 'delivered')))
		.returning({ channel: notifications.channel })
	if (!retried) {
		const [row] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id))
		return row ? 'delivered' : 'unknown'
	}
	await recordAudit(db, {
		action: 'notification.retried',
		operatorId: by,
		target: String(id),
		clientAddress,
		detail: { channel: retried.channel },
	})
	return 'retried'
}

/** Makes every failed message due now; returns how many. */
export async function retryAllFailed(db: Database, { by, clientAddress }: Operator) {
	const rows = await db
		.update(notifications)
		.set({ status: 'pending', next_attempt_at: sql`now()` })
		.where(and(eq(notifications.status, 'failed'), isNull(notifications.send_id)))
		.returning({ id: notifications.id })
	await recordAudit(db, {
		action: 'notification.retried_all',
		operatorId: by,
		clientAddress,
		detail: { count: rows.length },
	})
	return rows.length
}

export const retrySchema = z.object({ id: rowId })

/** "Retry now" on one row. */
export function retryAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: retrySchema,
		store: async (input, session) => {
			const id = Number(input.id)
			const outcome = await retryNotification(context.db, id, {
				by: session.operator.id,
				clientAddress: context.clientAddress,
			})
			if (outcome === 'retried') return { ok: true, tone: 'success', message: outboxCopy.retried(id) }
			return outcome === 'delivered'
				? { ok: false, tone: 'error', message: outboxCopy.delivered, status: 409 }
				: { ok: false, tone: 'error', message: outboxCopy.unknown, status: 404 }
		},
	})
}

/** "Retry all failed". */
export function retryAllAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session) => {
			const count = await retryAllFailed(context.db, { by: session.operator.id, clientAddress: context.clientAddress })
			return count === 0
				? { ok: true, tone: 'info', message: outboxCopy.noneFailed }
				: { ok: true, tone: 'success', message: outboxCopy.retriedAll(count) }
		},
	})
}
