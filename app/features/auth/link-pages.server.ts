import { data } from 'react-router'
import { consoleFormMessages, invitationCopy, passwordCopy, resetCopy, setupCopy } from '#app/content/console.ts'
import { CONSOLE_SECRET_FIELDS, LINK_RATE_LIMIT, requestFacts } from '#app/features/console/console.server.ts'
import {
	acceptInvitation,
	completePasswordReset,
	createFirstOperator,
	EmailTakenError,
	LinkUsedError,
	operatorCount,
	resetTarget,
	usableToken,
} from '#app/features/operators/accounts.server.ts'
import { handleSubmission, type StoreResult } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { passwordWeakness } from './passwords.server.ts'
import { invitationSchema, resetPasswordSchema, setupSchema } from './schemas.ts'
import { signedInRedirect } from './sign-in.actions.server.ts'

/** A link page's post: the request and its address as the router gives it (without `.data`). */
type LinkRequest = { request: Request; url: URL }

const tokenOf = (url: URL) => url.searchParams.get('token')

/** An unknown, used or expired link is a plain 404: it tells a stranger nothing. */
const notFound = () => data(null, { status: 404 })

export async function setupPage(url: URL, context: SiteContext) {
	const token = tokenOf(url)
	const row = await usableToken(context.db, 'setup', token)
	if (!token || !row || (await operatorCount(context.db)) > 0) throw notFound()
	return { token }
}

export async function invitationPage(url: URL, context: SiteContext) {
	const token = tokenOf(url)
	const row = await usableToken(context.db, 'invitation', token)
	if (!token || !row?.email) throw notFound()
	return { token, email: row.email }
}

export async function resetPasswordPage(url: URL, context: SiteContext) {
	const token = tokenOf(url)
	const target = await resetTarget(context.db, token)
	if (!token || !target) throw notFound()
	return { token, email: target.operator.email }
}

/** A weak password is refused with the estimator's advice, next to the field. */
export async function weakPassword(
	password: string,
	related: string[],
	values: Record<string, string>,
): Promise<StoreResult | null> {
	const weakness = await passwordWeakness(password, related)
	if (weakness === null) return null
	return {
		ok: false,
		tone: 'error',
		message: passwordCopy.weak,
		fieldErrors: { password: `${passwordCopy.weak} ${weakness}`.trim() },
		values,
		status: 400,
	}
}

const linkGone = (message: string): StoreResult => ({ ok: false, tone: 'error', message, status: 410 })

function linkForm<S extends Parameters<typeof handleSubmission>[2]['schema']>(
	{ request, url }: LinkRequest,
	context: SiteContext,
	schema: S,
	store: (token: string, input: import('zod/mini').output<S>) => Promise<StoreResult>,
) {
	return handleSubmission(request, context, {
		form: 'console_link',
		schema,
		successMessage: '',
		failureMessage: consoleFormMessages.failure,
		rateLimit: LINK_RATE_LIMIT,
		secretFields: CONSOLE_SECRET_FIELDS,
		store: (input) => {
			const token = tokenOf(url)
			if (!token) throw notFound()
			return store(token, input)
		},
	})
}

export function setupAction({ request, url }: LinkRequest, context: SiteContext) {
	return linkForm({ request, url }, context, setupSchema, async (token, input) => {
		// The link first: a stranger without one gets nothing, not even the cost of judging a password.
		if (!(await usableToken(context.db, 'setup', token)) || (await operatorCount(context.db)) > 0) {
			return linkGone(setupCopy.used)
		}
		const values = { displayName: input.displayName, email: input.email }
		const weak = await weakPassword(input.password, [input.email, input.displayName, context.config.BRAND_NAME], values)
		if (weak) return weak
		try {
			const sessionId = await createFirstOperator(context.db, token, input, requestFacts(request, context))
			return signedInRedirect(request, context, sessionId, null)
		} catch (error) {
			if (error instanceof LinkUsedError) return linkGone(setupCopy.used)
			if (error instanceof EmailTakenError) return { ok: false, tone: 'error', message: setupCopy.taken, status: 409 }
			throw error
		}
	})
}

export function invitationAction({ request, url }: LinkRequest, context: SiteContext) {
	return linkForm({ request, url }, context, invitationSchema, async (token, input) => {
		const invitation = await usableToken(context.db, 'invitation', token)
		if (!invitation?.email) return linkGone(invitationCopy.expired)
		const related = [invitation.email, input.displayName, context.config.BRAND_NAME]
		const weak = await weakPassword(input.password, related, { displayName: input.displayName })
		if (weak) return weak
		try {
			const sessionId = await acceptInvitation(context.db, token, input, requestFacts(request, context))
			return signedInRedirect(request, context, sessionId, null)
		} catch (error) {
			if (error instanceof LinkUsedError) return linkGone(invitationCopy.expired)
			if (error instanceof EmailTakenError) return { ok: false, tone: 'error', message: setupCopy.taken, status: 409 }
			throw error
		}
	})
}

export function resetPasswordAction({ request, url }: LinkRequest, context: SiteContext) {
	return linkForm({ request, url }, context, resetPasswordSchema, async (token, input) => {
		const target = await resetTarget(context.db, token)
		if (!target) return linkGone(resetCopy.expired)
		const related = [target.operator.email, target.operator.display_name, context.config.BRAND_NAME]
		const weak = await weakPassword(input.password, related, {})
		if (weak) return weak
		try {
			const sessionId = await completePasswordReset(context.db, token, input.password, requestFacts(request, context))
			return signedInRedirect(request, context, sessionId, null)
		} catch (error) {
			if (error instanceof LinkUsedError) return linkGone(resetCopy.expired)
			throw error
		}
	})
}
