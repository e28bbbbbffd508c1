import { redirect, redirectDocument } from 'react-router'
import { consoleFormMessages, signInCopy } from '#app/content/console.ts'
import { handleSubmission } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { CONSOLE_SECRET_FIELDS, requestFacts, SIGN_IN_RATE_LIMIT } from './console.server.ts'
import { safeNextPath } from './console-paths.ts'
import { signInSchema } from './schemas.ts'
import { endSessionById, sessionCookie, sessionIdFrom } from './sessions.server.ts'
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
	const to = safeNextPath(next)
	// A file (an export) is no page the router can show: the browser loads it as a document.
	return (to.startsWith('/admin/export/') ? redirectDocument : redirect)(to, {
		headers: { 'Set-Cookie': await signedInCookie(request, context, sessionId) },
	})
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
			const message =
				outcome.reason === 'locked' ? signInCopy.locked(Math.ceil(outcome.retryAfterSeconds / 60)) : signInCopy.wrong
			return {
				ok: false,
				tone: 'error',
				message,
				values: { email: input.email },
				status: outcome.reason === 'locked' ? 429 : 401,
			}
		},
	})
}
