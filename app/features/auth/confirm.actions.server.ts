import { confirmCopy } from '#app/content/console.ts'
import { handleConsoleSubmission, refusedPassword } from '#app/features/console/console.server.ts'
import { safeNextPath } from '#app/features/console/console-paths.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { confirmPasswordSchema } from './schemas.ts'
import { confirmSession, keepFlash } from './sessions.server.ts'
import { consoleRedirect } from './sign-in.actions.server.ts'
import { confirmCurrentPassword } from './sign-in.server.ts'

/**
 * The password again: the session counts as confirmed for a few minutes and the operator goes back where they were
 * (a page their role opens). A wrong password counts like a failed sign-in.
 */
export function confirmAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: confirmPasswordSchema,
		store: async (input, session) => {
			const check = await confirmCurrentPassword(
				context.db,
				session.operator,
				input.password,
				context.clientAddress,
				'confirmation',
			)
			const refused = refusedPassword(check, 'password', confirmCopy.wrong)
			if (refused) return refused
			await confirmSession(context.db, session.sessionKey)
			await recordAudit(context.db, {
				action: 'operator.confirmed',
				operatorId: session.operator.id,
				clientAddress: context.clientAddress,
			})
			// The page the operator goes back to says the change can go ahead now.
			await keepFlash(context.db, session.sessionKey, { tone: 'success', message: confirmCopy.confirmed })
			return consoleRedirect(safeNextPath(input.next, session.operator.role), { status: 303 })
		},
	})
}
