import { eq } from 'drizzle-orm'
import { redirect } from 'react-router'
import { accountCopy, timeCopy } from '#app/content/console.ts'
import { operators } from '#app/db/schema.ts'
import { weakPassword } from '#app/features/auth/link-pages.server.ts'
import { hashPassword } from '#app/features/auth/passwords.server.ts'
import { changePasswordSchema, confirmSchema, sessionActionSchema } from '#app/features/auth/schemas.ts'
import { clearedSessionCookie, endSession, endSessions } from '#app/features/auth/sessions.server.ts'
import { confirmCurrentPassword } from '#app/features/auth/sign-in.server.ts'
import { handleConsoleSubmission, refusedPassword } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import type { SiteContext } from '#app/load-context.ts'
import { cancelLinks } from './accounts.server.ts'
import { recordAudit } from './audit.server.ts'
import { timeZoneSchema } from './time-zone-schema.ts'

/** Ends this browser's session everywhere it is stored and sends it to the sign-in page. */
export function signOutAction(request: Request, context: SiteContext) {
	// Already signed out (the session expired or ended elsewhere): only the cookie is left to clear.
	if (!context.operatorSession) {
		return redirect(consolePaths.signIn, {
			status: 303,
			headers: { 'Set-Cookie': clearedSessionCookie(context.config.SITE_URL) },
		})
	}
	return handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session) => {
			await endSession(context.db, session.operator.id, session.sessionKey)
			await recordAudit(context.db, {
				action: 'sign_out',
				operatorId: session.operator.id,
				clientAddress: context.clientAddress,
			})
			return redirect(consolePaths.signIn, {
				status: 303,
				headers: { 'Set-Cookie': clearedSessionCookie(context.config.SITE_URL) },
			})
		},
	})
}

/** Ends one of the operator's own sessions, or every other one. */
export function sessionAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: sessionActionSchema,
		store: async (input, session) => {
			const { id } = session.operator
			if (input.intent === 'end-others') {
				await endSessions(context.db, id, session.sessionKey)
				await recordAudit(context.db, {
					action: 'session.ended',
					operatorId: id,
					target: 'all other sessions',
					clientAddress: context.clientAddress,
				})
				return { ok: true, tone: 'success', message: accountCopy.othersEnded }
			}
			const ended = await endSession(context.db, id, input.session)
			if (ended) {
				await recordAudit(context.db, {
					action: 'session.ended',
					operatorId: id,
					target: input.session === session.sessionKey ? 'this session' : 'another session',
					clientAddress: context.clientAddress,
				})
			}
			if (input.session === session.sessionKey) {
				return redirect(consolePaths.signIn, {
					status: 303,
					headers: { 'Set-Cookie': clearedSessionCookie(context.config.SITE_URL) },
				})
			}
			return { ok: true, tone: 'success', message: accountCopy.sessionEnded }
		},
	})
}

/** Changes the operator's own password after checking the current one; their other sessions end. */
export function changePasswordAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: changePasswordSchema,
		store: async (input, session) => {
			const { id, email, displayName } = session.operator
			const check = await confirmCurrentPassword(
				context.db,
				session.operator,
				input.currentPassword,
				context.clientAddress,
				'password change',
			)
			const refused = refusedPassword(check, 'currentPassword', accountCopy.wrongPassword)
			if (refused) return refused
			const weak = await weakPassword(input.password, [email, displayName, context.config.BRAND_NAME], {})
			if (weak) return weak
			await context.db
				.update(operators)
				.set({ password_hash: await hashPassword(input.password) })
				.where(eq(operators.id, id))
			await endSessions(context.db, id, session.sessionKey)
			await cancelLinks(context.db, { resetFor: id })
			await recordAudit(context.db, {
				action: 'password.changed',
				operatorId: id,
				clientAddress: context.clientAddress,
			})
			return { ok: true, tone: 'success', message: accountCopy.passwordChanged }
		},
	})
}

/** Sets the time zone the console shows the operator's times in (empty: the browser's). */
export function timeZoneAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: timeZoneSchema,
		store: async (input, session) => {
			await context.db
				.update(operators)
				.set({ time_zone: input.timeZone || null })
				.where(eq(operators.id, session.operator.id))
			return { ok: true, tone: 'success', message: timeCopy.saved }
		},
	})
}
