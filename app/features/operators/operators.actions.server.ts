import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { operatorsCopy } from '#app/content/console.ts'
import { operators } from '#app/db/schema.ts'
import { sendEmail } from '#app/features/notifications/email.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import {
	disableOperator,
	EmailTakenError,
	enableOperator,
	inviteOperator,
	issuePasswordReset,
	revokeInvitation,
	tokenLink,
} from './accounts.server.ts'

import { handleConsoleSubmission } from './console.server.ts'
import { inviteSchema, operatorActionSchema } from './schemas.ts'

/** Invites a person: the link is shown once to the inviter and, when SMTP_URL is set, emailed at once (never queued, so it is never stored). */
export function inviteAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: inviteSchema,
		store: async (input, session) => {
			let token: string
			try {
				token = await inviteOperator(context.db, input.email, session.operator.id, context.clientAddress)
			} catch (error) {
				if (!(error instanceof EmailTakenError)) throw error
				return {
					ok: false,
					tone: 'error',
					message: operatorsCopy.alreadyOperator,
					fieldErrors: { email: operatorsCopy.alreadyOperator },
					values: { email: input.email },
					status: 409,
				}
			}
			const link = tokenLink(context.config.SITE_URL, 'invitation', token)
			const email = input.email.trim()
			let mailed = false
			if (context.config.SMTP_URL) {
				const brand = context.config.BRAND_NAME
				const outcome = await sendEmail(
					context.config,
					crypto.randomUUID(),
					{
						to: email,
						subject: operatorsCopy.invitationSubject(brand),
						text: operatorsCopy.invitationText(session.operator.displayName, brand, link),
					},
					10_000,
				)
				mailed = outcome.kind === 'delivered'
				if (!mailed) context.logger.warn({ error: outcome.kind }, 'invitation email not sent')
			}
			return {
				ok: true,
				tone: 'success',
				message: mailed ? operatorsCopy.invitationMailed(email) : operatorsCopy.invitationShown(email),
				shownOnce: link,
			}
		},
	})
}

/** Disable, enable, a password-reset link for another operator, or revoking an invitation. */
export function operatorAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: operatorActionSchema,
		store: async (input, session) => {
			const by = session.operator.id
			const id = Number(input.id)
			const address = context.clientAddress
			if (input.intent === 'revoke') {
				await revokeInvitation(context.db, id, by, address)
				return { ok: true, tone: 'success', message: operatorsCopy.revokedMessage }
			}
			const [target] = await context.db.select().from(operators).where(eq(operators.id, id))
			if (!target) return { ok: false, tone: 'error', message: operatorsCopy.unknown, status: 404 }
			if (input.intent === 'reset') {
				const reset = await issuePasswordReset(context.db, id, by, address)
				if (!reset) return { ok: false, tone: 'error', message: operatorsCopy.unknown, status: 404 }
				return {
					ok: true,
					tone: 'success',
					message: operatorsCopy.resetShown(reset.email),
					shownOnce: tokenLink(context.config.SITE_URL, 'reset', reset.token),
				}
			}
			if (input.intent === 'enable') {
				await enableOperator(context.db, id, by, address)
				return { ok: true, tone: 'success', message: operatorsCopy.enabledMessage(target.display_name) }
			}
			const outcome = await disableOperator(context.db, id, by, address)
			if (outcome === 'disabled') {
				return { ok: true, tone: 'success', message: operatorsCopy.disabledMessage(target.display_name) }
			}
			const message =
				outcome === 'self'
					? operatorsCopy.notYourself
					: outcome === 'last-active'
						? operatorsCopy.lastActive
						: operatorsCopy.unknown
			return { ok: false, tone: 'error', message, status: 409 }
		},
	})
}
