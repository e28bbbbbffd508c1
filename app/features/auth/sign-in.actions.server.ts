import { redirect, redirectDocument } from 'react-router'
import { consoleFormMessages, signInCopy } from '#app/content/console.ts'
import {
	CONSOLE_SECRET_FIELDS,
	pausedRefusal,
	requestFacts,
	SIGN_IN_RATE_LIMIT,
} from '#app/features/console/console.server.ts'
import { consolePaths, safeNextPath } from '#app/features/console/console-paths.ts'
import { handleSubmission } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { signInSchema } from './schemas.ts'
import { endSessionById, readSession, sessionCookie, sessionIdFrom } from './sessions.server.ts'
import { signInWithPassword } from './sign-in.server.ts'

/** The Set-Cookie header of a freshly signed-in browser's new session; a session it carried before is ended. */
export async function signedInCookie(request: Request, context: SiteContext, sessionId: string) {
	const previous = sessionIdFrom(request.headers.get('cookie'), context.config.SITE_URL)
	if (previous) await endSessionById(context.db, previous)
	return sessionCookie(context.config.SITE_URL, sessionId)
}

/** Sends a freshly signed-in browser on with its new session cookie; a session it carried before is ended. */
export async function signedInRedirect(
	request: Request,
	context: SiteContext,
	sessionId: string,
	next: string | null | undefined,
) {
	const to = await landingAfterSignIn(context, sessionId, next)
	return consoleRedirect(to, { headers: { 'Set-Cookie': await signedInCookie(request, context, sessionId) } })
}

/**
 * A redirect to a console address, 303 so the page after a post is a GET (Post/Redirect/Get); a file (an export) is no
 * page the router can show: the browser loads it as a document.
 */
export function consoleRedirect(to: string, init?: ResponseInit) {
	const isFile =
		to.startsWith('/admin/export/') ||
		to.startsWith(consolePaths.inboxExport) ||
		to.startsWith(consolePaths.inboxWorkbook)
	return (isFile ? redirectDocument : redirect)(to, { status: 303, ...init })
}

/** Where a freshly signed-in operator goes: the page they asked for if their role opens it, else their role's home. */
export async function landingAfterSignIn(context: SiteContext, sessionId: string, next: string | null | undefined) {
	return safeNextPath(next, (await readSession(context.db, sessionId))?.operator.role)
}

/** The sign-in form's post: one answer for every wrong combination, a pause after repeated failures. */
export function signInAction(request: Request, context: SiteContext) {
	return handleSubmission(request, context, {
		form: 'console_sign_in',
		schema: signInSchema,
		successMessage: '',
		failureMessage: consoleFormMessages.failure,
		rateLimit: SIGN_IN_RATE_LIMIT,
		secretFields: CONSOLE_SECRET_FIELDS,
		store: async (input) => {
			const outcome = await signInWithPassword(context.db, input, requestFacts(request, context))
			if (outcome.ok) return signedInRedirect(request, context, outcome.sessionId, input.next)
			if (outcome.reason === 'locked') return { ...pausedRefusal(outcome), values: { email: input.email } }
			return { ok: false, tone: 'error', message: signInCopy.wrong, values: { email: input.email }, status: 401 }
		},
	})
}
