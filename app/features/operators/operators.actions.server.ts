import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { operatorsCopy, ownershipCopy } from '#app/content/console.ts'
import { operators, operatorTokens } from '#app/db/schema.ts'
import { requireRecentConfirmation } from '#app/features/auth/console-guard.server.ts'
import { confirmSchema, inviteSchema, operatorActionSchema } from '#app/features/auth/schemas.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { sendEmail } from '#app/features/notifications/email.server.ts'
import type { StoreResult } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import {
	acceptOwnership,
	changeOperatorRole,
	disableOperator,
	EmailTakenError,
	enableOperator,
	inviteOperator,
	issuePasswordReset,
	offerOwnership,
	revokeInvitation,
	tokenLink,
} from './accounts.server.ts'
import { tellOperator } from './notices.server.ts'
import { invitedRole, isOperatorRole, mayManage } from './roles.ts'

/** Invites a person: the link is shown once to the inviter and, when SMTP_URL is set, emailed at once (never queued, so it is never stored). */
export function inviteAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: inviteSchema,
		store: async (input, session): Promise<StoreResult> => {
			const role = input.role || 'admin'
			if (!isOperatorRole(role) || !mayManage(session.operator.role, role)) {
				const message: string = operatorsCopy.roleNotYours
				return { ok: false, tone: 'error', message, fieldErrors: { role: message }, status: 403 }
			}
			let token: string
			try {
				token = await inviteOperator(
					context.db,
					{ email: input.email, role },
					session.operator.id,
					context.clientAddress,
				)
			} catch (error) {
				if (!(error instanceof EmailTakenError)) throw error
				const message: string = operatorsCopy.alreadyOperator
				return {
					ok: false,
					tone: 'error',
					message,
					fieldErrors: { email: message },
					values: { email: input.email, role: input.role },
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

/**
 * What one operator does to another's account: disable, enable, a password-reset link, a new role, an offer of
 * ownership; or revoking an invitation. Each change to an account needs the actor's password within the last few
 * minutes and a role above the target's (`mayManage`); the target is told (`tellOperator`).
 */
export function operatorAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: operatorActionSchema,
		store: async (input, session) => {
			const actor = session.operator
			const id = Number(input.id)
			const address = context.clientAddress
			const refuse = (message: string, status: 403 | 404 | 409) => ({
				ok: false as const,
				tone: 'error' as const,
				message,
				status,
			})
			if (input.intent === 'revoke') {
				// Only an invitation to a role the actor may give: an admin cannot take back the owner's invitation of an admin.
				const [invitation] = await context.db
					.select({ role: operatorTokens.role })
					.from(operatorTokens)
					.where(and(eq(operatorTokens.id, id), eq(operatorTokens.kind, 'invitation')))
				if (invitation && !mayManage(actor.role, invitedRole(invitation.role)))
					return refuse(operatorsCopy.notYours, 403)
				await revokeInvitation(context.db, id, actor.id, address)
				return { ok: true, tone: 'success', message: operatorsCopy.revokedMessage }
			}
			if (input.intent === 'withdraw-ownership') {
				if (actor.role !== 'owner') return refuse(operatorsCopy.notYours, 403)
				requireRecentConfirmation(session, consolePaths.operators)
				await offerOwnership(context.db, null, actor.id, address)
				return { ok: true, tone: 'success', message: operatorsCopy.offerWithdrawn }
			}
			const [target] = await context.db.select().from(operators).where(eq(operators.id, id))
			if (!target) return refuse(operatorsCopy.unknown, 404)
			if (target.id === actor.id) return refuse(operatorsCopy.notYourself, 409)
			if (!mayManage(actor.role, target.role)) return refuse(operatorsCopy.notYours, 403)
			requireRecentConfirmation(session, consolePaths.operators)
			const name = target.display_name
			const by = actor.displayName
			if (input.intent === 'reset') {
				const reset = await issuePasswordReset(context.db, id, actor.id, address)
				if (!reset) return refuse(operatorsCopy.unknown, 404)
				await tellOperator(context, id, operatorsCopy.noticeReset(by))
				return {
					ok: true,
					tone: 'success',
					message: operatorsCopy.resetShown(reset.email),
					shownOnce: tokenLink(context.config.SITE_URL, 'reset', reset.token),
				}
			}
			if (input.intent === 'enable') {
				await enableOperator(context.db, id, actor.id, address)
				await tellOperator(context, id, operatorsCopy.noticeEnabled(by))
				return { ok: true, tone: 'success', message: operatorsCopy.enabledMessage(name) }
			}
			if (input.intent === 'role') {
				const role = input.role
				if (!isOperatorRole(role) || role === 'owner' || !mayManage(actor.role, role)) {
					return refuse(operatorsCopy.roleNotYours, 403)
				}
				await changeOperatorRole(context.db, { operatorId: id, role }, actor.id, address)
				const label = operatorsCopy.roleLabels[role]
				await tellOperator(context, id, operatorsCopy.noticeRole(by, label))
				return { ok: true, tone: 'success', message: operatorsCopy.roleChanged(name, label) }
			}
			if (input.intent === 'offer-ownership') {
				if (actor.role !== 'owner') return refuse(operatorsCopy.notYours, 403)
				if (!(await offerOwnership(context.db, id, actor.id, address))) return refuse(operatorsCopy.unknown, 404)
				await tellOperator(context, id, operatorsCopy.noticeOwnershipOffered(by))
				return { ok: true, tone: 'success', message: operatorsCopy.ownershipOffered(name) }
			}
			const outcome = await disableOperator(context.db, id, actor.id, address)
			if (outcome === 'disabled') {
				await tellOperator(context, id, operatorsCopy.noticeDisabled(by))
				return { ok: true, tone: 'success', message: operatorsCopy.disabledMessage(name) }
			}
			return refuse(outcome === 'last-active' ? operatorsCopy.lastActive : operatorsCopy.unknown, 409)
		},
	})
}

/** The operator the owner offered ownership to accepts it, with their password again; the former owner is told. */
export function acceptOwnershipAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session) => {
			requireRecentConfirmation(session, consolePaths.account)
			const former = await acceptOwnership(context.db, session.operator.id, context.clientAddress)
			if (!former) return { ok: false, tone: 'error', message: ownershipCopy.gone, status: 409 }
			await tellOperator(context, former.id, operatorsCopy.noticeOwnershipTaken(session.operator.displayName))
			return { ok: true, tone: 'success', message: ownershipCopy.accepted }
		},
	})
}
