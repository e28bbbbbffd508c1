import { redirect } from 'react-router'
import * as z from 'zod/mini'
import { issueEmailCopy, newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import type { blogPosts } from '#app/db/schema.ts'
import { confirmSchema } from '#app/features/auth/schemas.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { postState } from '#app/features/publishing/posts.server.ts'
import type { StoreResult } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { queueSend, sendTestIssue, setSendPaused, startSend } from './sends.server.ts'

type Post = typeof blogPosts.$inferSelect

const copy = newsletterSendsCopy
const refused = (message: string, status: 400 | 404 | 409 = 409): StoreResult => ({
	ok: false,
	tone: 'error',
	message,
	status,
})

/** Why a post cannot be emailed now, if it cannot: sending is off, or it is not published. */
function refusalFor(context: SiteContext, post: Post): StoreResult | null {
	if (!context.config.SMTP_URL) return refused(copy.email.sendingOff)
	if (postState(post) !== 'published') return refused(copy.email.notPublished)
	return null
}

const actorOf = (context: SiteContext, by: number) => ({ by, clientAddress: context.clientAddress })

/**
 * "Yes, send it": starts the send and writes its first batch of recipients at once (the rest follow in the
 * background), then goes to its report.
 */
export function startSendAction(request: Request, context: SiteContext, post: Post) {
	return handleConsoleSubmission(request, context, {
		schema: z.object({ confirm: z.literal('yes') }),
		invalidMessage: () => copy.email.confirmFirst,
		store: async (_input, session): Promise<StoreResult> => {
			const refusal = refusalFor(context, post)
			if (refusal) return refusal
			const started = await startSend(context.db, context.config, post, actorOf(context, session.operator.id))
			if (started.outcome === 'nobody') return refused(copy.email.noRecipients)
			if (started.outcome === 'already') return refused(copy.email.alreadySent)
			await queueSend(context.db, started.id, undefined, true)
			return redirect(consolePaths.newsletterSend(started.id), 303)
		},
	})
}

/** "Send a test to me". */
export function testSendAction(request: Request, context: SiteContext, post: Post) {
	return handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session): Promise<StoreResult> => {
			if (!context.config.SMTP_URL) return refused(copy.email.sendingOff)
			const to = session.operator.email
			await sendTestIssue(
				context.db,
				context.config,
				post,
				to,
				actorOf(context, session.operator.id),
				issueEmailCopy.testPrefix,
			)
			return { ok: true, tone: 'success', message: copy.email.testSent(to) }
		},
	})
}

/** "Pause sending" and "Resume sending" on a send's report. */
export function pauseSendAction(request: Request, context: SiteContext, sendId: number, paused: boolean) {
	return handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session): Promise<StoreResult> => {
			const changed = await setSendPaused(context.db, sendId, paused, actorOf(context, session.operator.id))
			if (!changed) return refused(copy.report.unchanged)
			return { ok: true, tone: 'success', message: paused ? copy.report.paused : copy.report.resumed }
		},
	})
}
