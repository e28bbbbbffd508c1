import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import * as z from 'zod/mini'
import {
	accountCopy,
	confirmCopy,
	consoleCopy,
	consoleFormMessages,
	consoleLimits,
	signInCopy,
} from '#app/content/console.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import {
	CONSOLE_RATE_LIMIT,
	handleConsoleSubmission,
	requestFacts,
	SIGN_IN_RATE_LIMIT,
} from '#app/features/console/console.server.ts'
import { safeNextPath } from '#app/features/console/console-paths.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { CSRF_HEADER } from '#app/forms/csrf.ts'
import { hitRateLimit, type RateLimitScope } from '#app/forms/rate-limit.server.ts'
import { BodyTooLargeError, isCrossOrigin, readLimitedBody } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import {
	authenticationOptions,
	confirmationOptions,
	confirmWithPasskey,
	registrationOptions,
	relyingParty,
	removePasskey,
	signInWithPasskey,
	verifyRegistration,
} from './passkeys.server.ts'

import { passkeyActionSchema } from './schemas.ts'
import { sameSecret } from './secrets.server.ts'
import { confirmSession } from './sessions.server.ts'
import { landingAfterSignIn, signedInCookie } from './sign-in.actions.server.ts'
import { confirmCurrentPassword, pausedMessage } from './sign-in.server.ts'

/** A WebAuthn answer without attestation certificates is a few kilobytes. */
const MAX_JSON_BYTES = 32 * 1024

/** The browser's answer as `@simplewebauthn/browser` sends it; the WebAuthn checks themselves read the rest. */
const credentialAnswer = z.looseObject({
	id: z.string().check(z.minLength(1), z.maxLength(1024)),
	rawId: z.string().check(z.maxLength(1024)),
	type: z.literal('public-key'),
	response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(8192)) }),
})

const challengeId = z.string().check(z.minLength(1), z.maxLength(100))

/** Signing in, or confirming it is the signed-in operator: a challenge, then the answer and where to go on to. */
const authenticationBody = z.discriminatedUnion('step', [
	z.object({ step: z.literal('options') }),
	z.object({
		step: z.literal('verify'),
		challengeId,
		response: credentialAnswer,
		next: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
	}),
])

const registrationBody = z.discriminatedUnion('step', [
	// The current password comes with the request for options: no challenge is given out without it.
	z.object({
		step: z.literal('options'),
		currentPassword: z.string().check(z.maxLength(consoleLimits.passwordMax)),
	}),
	z.object({
		step: z.literal('verify'),
		challengeId,
		response: credentialAnswer,
		name: z.optional(z.nullable(z.string().check(z.maxLength(consoleLimits.passkeyName)))),
	}),
])

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
	return Response.json(body, { status, headers })
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A JSON body of at most MAX_JSON_BYTES, or the answer that refuses it. */
async function readJson(request: Request): Promise<{ value: unknown } | { refusal: Response }> {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
	if (type !== 'application/json') return { refusal: answer(415, { message: consoleFormMessages.failure }) }
	try {
		return { value: JSON.parse(utf8.decode(await readLimitedBody(request, MAX_JSON_BYTES))) }
	} catch (error) {
		if (error instanceof BodyTooLargeError) return { refusal: answer(413, { message: submissionMessages.tooLarge }) }
		return { refusal: answer(400, { message: consoleFormMessages.failure }) }
	}
}

/** A passkey step's JSON body, checked against its steps and within the rate limit; the refusal otherwise. */
async function passkeyStep<S extends z.ZodMiniType>(
	request: Request,
	context: SiteContext,
	steps: S,
	failed: string,
	limit: { scope: RateLimitScope; max: number; windowSeconds: number },
): Promise<{ input: z.output<S>; rp: ReturnType<typeof relyingParty> } | Response> {
	const body = await readJson(request)
	if ('refusal' in body) return body.refusal
	const parsed = steps.safeParse(body.value)
	if (!parsed.success) return answer(400, { message: failed })
	const limited = await rateLimited(context, limit.scope, limit)
	return limited ?? { input: parsed.data, rp: relyingParty(context.config) }
}

async function rateLimited(context: SiteContext, scope: RateLimitScope, limit: { max: number; windowSeconds: number }) {
	const hit = await hitRateLimit(context.db, { scope, clientAddress: context.clientAddress, ...limit })
	if (hit.allowed) return null
	context.logger.warn({ form: scope }, 'rate limit reached')
	return answer(429, { message: consoleFormMessages.tooMany }, { 'Retry-After': String(hit.retryAfterSeconds) })
}

/**
 * `/admin/passkeys/sign-in`: `{step:'options'}` gives a challenge for any passkey of this site; `{step:'verify'}`
 * checks the browser's answer and, when it holds, starts a session (its cookie comes with the answer) and names the
 * page to go on to. Every failure gets the same answer.
 */
export async function passkeySignInAction(request: Request, context: SiteContext) {
	if (isCrossOrigin(request, context.config.SITE_URL)) {
		context.logger.warn({ origin: request.headers.get('origin') }, 'cross-origin passkey sign-in refused')
		return answer(403, { message: submissionMessages.crossOrigin })
	}
	try {
		// Its own counter: password guesses from a shared address must not stop a passkey, which cannot be guessed.
		const step = await passkeyStep(request, context, authenticationBody, signInCopy.passkeyFailed, {
			scope: 'console_passkey_sign_in',
			...SIGN_IN_RATE_LIMIT,
		})
		if (step instanceof Response) return step
		const { input, rp } = step
		if (input.step === 'options') return answer(200, await authenticationOptions(context.db, rp))
		const outcome = await signInWithPasskey(
			context.db,
			rp,
			{ challengeId: input.challengeId, response: input.response as unknown as AuthenticationResponseJSON },
			requestFacts(request, context),
		)
		if (!outcome.ok) return answer(401, { message: signInCopy.passkeyFailed })
		const cookie = await signedInCookie(request, context, outcome.sessionId)
		const redirectTo = await landingAfterSignIn(context, outcome.sessionId, input.next)
		return answer(200, { redirectTo }, { 'Set-Cookie': cookie })
	} catch (error) {
		context.logger.error({ err: error }, 'passkey sign-in failed')
		return answer(503, { message: signInCopy.passkeyFailed })
	}
}

/**
 * `/admin/passkeys/register`, for the signed-in operator only, with the session's CSRF token in the `X-CSRF-Token`
 * header: `{step:'options', currentPassword}` checks the operator's password and gives a challenge for a new passkey
 * (a wrong password is a 400 that counts towards the sign-in lock-out, a locked account or address a 429);
 * `{step:'verify'}` checks the answer and keeps the passkey.
 */
/** The signed-in operator's session for a passkey step from this site with the session's token; a refusal otherwise. */
function ownSession(request: Request, context: SiteContext, what: string) {
	const session = context.operatorSession
	if (!session) return answer(401, { message: consoleCopy.sessionEnded.text })
	if (isCrossOrigin(request, context.config.SITE_URL)) {
		context.logger.warn({ origin: request.headers.get('origin') }, `cross-origin ${what} refused`)
		return answer(403, { message: submissionMessages.crossOrigin })
	}
	if (!sameSecret(request.headers.get(CSRF_HEADER) ?? '', session.csrfToken)) {
		context.logger.warn(`${what} without its session token refused`)
		return answer(403, { message: consoleFormMessages.staleForm })
	}
	return session
}

export async function passkeyRegistrationAction(request: Request, context: SiteContext) {
	const session = ownSession(request, context, 'passkey registration')
	if (session instanceof Response) return session
	try {
		const step = await passkeyStep(request, context, registrationBody, accountCopy.passkeyFailed, {
			scope: 'console',
			...CONSOLE_RATE_LIMIT,
		})
		if (step instanceof Response) return step
		const { input, rp } = step
		if (input.step === 'options') {
			if (!input.currentPassword) {
				const message = accountCopy.currentPasswordRequired
				return answer(400, { message, fieldErrors: { currentPassword: message } })
			}
			const check = await confirmCurrentPassword(
				context.db,
				session.operator,
				input.currentPassword,
				context.clientAddress,
				'passkey registration',
			)
			if (!check.ok && check.reason === 'locked') {
				return answer(429, { message: pausedMessage(check) }, { 'Retry-After': String(check.retryAfterSeconds) })
			}
			if (!check.ok) {
				const message = accountCopy.wrongPassword
				return answer(400, { message, fieldErrors: { currentPassword: message } })
			}
			return answer(200, await registrationOptions(context.db, rp, session.operator))
		}
		const outcome = await verifyRegistration(
			context.db,
			rp,
			session.operator.id,
			{
				challengeId: input.challengeId,
				response: input.response as unknown as RegistrationResponseJSON,
				name: input.name,
			},
			context.clientAddress,
		)
		if (!outcome.ok) return answer(400, { message: accountCopy.passkeyFailed })
		return answer(200, { message: accountCopy.passkeyAdded, passkey: outcome.passkey })
	} catch (error) {
		context.logger.error({ err: error }, 'passkey registration failed')
		return answer(503, { message: accountCopy.passkeyFailed })
	}
}

/**
 * `/admin/passkeys/confirm`, for the signed-in operator with the session's token: `{step:'options'}` gives a challenge
 * for their own passkeys; `{step:'verify'}` checks the answer and, when it holds, counts the session as confirmed (as
 * the password again does) and names the page to go back to.
 */
export async function passkeyConfirmAction(request: Request, context: SiteContext) {
	const session = ownSession(request, context, 'passkey confirmation')
	if (session instanceof Response) return session
	try {
		const step = await passkeyStep(request, context, authenticationBody, confirmCopy.passkeyFailed, {
			scope: 'console',
			...CONSOLE_RATE_LIMIT,
		})
		if (step instanceof Response) return step
		const { input, rp } = step
		if (input.step === 'options') {
			const options = await confirmationOptions(context.db, rp, session.operator.id)
			return options ? answer(200, options) : answer(400, { message: confirmCopy.noPasskey })
		}
		const confirmed = await confirmWithPasskey(
			context.db,
			rp,
			{ challengeId: input.challengeId, response: input.response as unknown as AuthenticationResponseJSON },
			session.operator,
			context.clientAddress,
		)
		if (!confirmed) return answer(400, { message: confirmCopy.passkeyFailed })
		await confirmSession(context.db, session.sessionKey)
		await recordAudit(context.db, {
			action: 'operator.confirmed',
			operatorId: session.operator.id,
			clientAddress: context.clientAddress,
			detail: { method: 'passkey' },
		})
		return answer(200, { redirectTo: safeNextPath(input.next ?? '', session.operator.role) })
	} catch (error) {
		context.logger.error({ err: error }, 'passkey confirmation failed')
		return answer(503, { message: confirmCopy.passkeyFailed })
	}
}

/** The account page's Remove button: removes one of the operator's own passkeys. */
export function removePasskeyAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: passkeyActionSchema,
		store: async (input, session) => {
			const removed = await removePasskey(context.db, session.operator.id, input.id, context.clientAddress)
			return removed
				? { ok: true, tone: 'success', message: accountCopy.passkeyRemoved }
				: { ok: false, tone: 'error', message: accountCopy.passkeyGone, status: 404 }
		},
	})
}
