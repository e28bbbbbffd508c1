import { data, redirect } from 'react-router'
import type * as z from 'zod/mini'
import { consoleCopy, consoleFormMessages } from '#app/content/console.ts'
import { keepFlash, type OperatorSession } from '#app/features/auth/sessions.server.ts'
import { type PasswordCheck, pausedMessage, type SignInPaused } from '#app/features/auth/sign-in.server.ts'
import { isDataPath } from '#app/features/document/data-url.ts'
import { type FormHandler, handleSubmission, type StoreResult } from '#app/forms/request.server.ts'
import type { FormSchema } from '#app/forms/schema.ts'
import type { SiteContext } from '#app/load-context.ts'

/** Console forms may be used much more often than the public ones, but not by a script hammering them. */
export const CONSOLE_RATE_LIMIT = { max: 120, windowSeconds: 60 }

/**
 * The doors (sign-in with a password or a passkey): above the lock-out limits, so that an address is paused by
 * them first; this only stops floods. Single-use links get less.
 */
export const SIGN_IN_RATE_LIMIT = { max: 60, windowSeconds: 15 * 60 }
export const LINK_RATE_LIMIT = { max: 30, windowSeconds: 15 * 60 }

/** The longest window of the console's counters, which pruning must not cut short. */
export const CONSOLE_LIMIT_WINDOW_SECONDS = Math.max(
	CONSOLE_RATE_LIMIT.windowSeconds,
	SIGN_IN_RATE_LIMIT.windowSeconds,
	LINK_RATE_LIMIT.windowSeconds,
)

/** What console forms never send back into a page. */
export const CONSOLE_SECRET_FIELDS = ['password', 'currentPassword', 'token']

/** The signed-in operator, or a 401 that carries nothing but the sign-in prompt. */
export function requireOperator(context: SiteContext): OperatorSession {
	if (!context.operatorSession) {
		throw data(consoleCopy.sessionEnded, { status: 401 })
	}
	return context.operatorSession
}

export type ConsoleFormHandler<S extends FormSchema> = Pick<
	FormHandler<S>,
	'schema' | 'invalidMessage' | 'maxBodyBytes' | 'listFields'
> & {
	successMessage?: string
	store: (input: z.output<S>, session: OperatorSession) => ReturnType<FormHandler<S>['store']>
}

/**
 * Post/Redirect/Get for a console form posted without JavaScript (a document request, not React Router's `.data`):
 * a success is kept for the session and answered with a 303 to the page the form is on (its address without the
 * form's `intent`), which shows it once, so a reload repeats nothing. With JavaScript the answer is the result itself.
 */
async function redirectedAfterSuccess(
	request: Request,
	context: SiteContext,
	session: OperatorSession,
	result: StoreResult,
) {
	const url = new URL(request.url)
	if (result instanceof Response || !result.ok || isDataPath(url.pathname)) return result
	await keepFlash(context.db, session.sessionKey, {
		tone: result.tone,
		message: result.message,
		...(result.shownOnce ? { shownOnce: result.shownOnce } : {}),
	})
	url.searchParams.delete('intent')
	return redirect(`${url.pathname}${url.search}`, 303)
}

/** A console form's post: a session (else 401), its CSRF token, then the one submission path of every form. */
export function handleConsoleSubmission<S extends FormSchema>(
	request: Request,
	context: SiteContext,
	handler: ConsoleFormHandler<S>,
) {
	const session = requireOperator(context)
	return handleSubmission(request, context, {
		form: 'console',
		schema: handler.schema,
		successMessage: handler.successMessage ?? '',
		failureMessage: consoleFormMessages.failure,
		invalidMessage: handler.invalidMessage,
		maxBodyBytes: handler.maxBodyBytes,
		listFields: handler.listFields,
		csrfToken: session.csrfToken,
		rateLimit: CONSOLE_RATE_LIMIT,
		secretFields: CONSOLE_SECRET_FIELDS,
		store: async (input) => redirectedAfterSuccess(request, context, session, await handler.store(input, session)),
	})
}

/** Who is asking, for the audit log and the session list. */
export function requestFacts(request: Request, context: SiteContext) {
	return { clientAddress: context.clientAddress, userAgent: request.headers.get('user-agent') ?? '' }
}

/** A form's answer while sign-in is paused: what is paused and for how long, 429 with Retry-After. */
export const pausedRefusal = (paused: SignInPaused) =>
	({
		ok: false,
		tone: 'error',
		message: pausedMessage(paused),
		status: 429,
		retryAfterSeconds: paused.retryAfterSeconds,
	}) satisfies StoreResult

/** A console form's answer to a failed password check: paused (429 with Retry-After) or wrong (400 on its field). */
export function refusedPassword(check: PasswordCheck, field: string, wrongMessage: string): StoreResult | null {
	if (check.ok) return null
	if (check.reason === 'locked') return pausedRefusal(check)
	return { ok: false, tone: 'error', message: wrongMessage, fieldErrors: { [field]: wrongMessage }, status: 400 }
}
