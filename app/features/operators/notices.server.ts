import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { operatorsCopy } from '#app/content/console.ts'
import type { Database } from '#app/db/client.server.ts'
import { operatorNotices, operators } from '#app/db/schema.ts'
import { sendEmail } from '#app/features/notifications/email.server.ts'
import type { SiteContext } from '#app/load-context.ts'

/**
 * Tells an operator what someone else did to their account: on their next page in the console, and by email when
 * SMTP_URL is set (a failed email is logged; the notice in the console stays).
 */
export async function tellOperator(context: SiteContext, operatorId: number, text: string) {
	await context.db.insert(operatorNotices).values({ operator_id: operatorId, text })
	if (!context.config.SMTP_URL) return
	const [operator] = await context.db
		.select({ email: operators.email })
		.from(operators)
		.where(eq(operators.id, operatorId))
	if (!operator) return
	const outcome = await sendEmail(
		context.config,
		crypto.randomUUID(),
		{ to: operator.email, subject: operatorsCopy.noticeSubject(context.config.BRAND_NAME), text },
		10_000,
	)
	if (outcome.kind !== 'delivered') context.logger.warn({ error: outcome.kind }, 'account notice email not sent')
}

/** The notices an operator has not seen yet, oldest first; reading them here marks them seen, in one statement. */
export async function takeUnseenNotices(db: Database, operatorId: number) {
	const unseen = await db
		.update(operatorNotices)
		.set({ seen_at: sql`now()` })
		.where(and(eq(operatorNotices.operator_id, operatorId), isNull(operatorNotices.seen_at)))
		.returning({ id: operatorNotices.id, text: operatorNotices.text, createdAt: operatorNotices.created_at })
	return unseen
		.sort((a, b) => a.id - b.id)
		.map((notice) => ({ id: notice.id, text: notice.text, createdAt: notice.createdAt.toISOString() }))
}
