import type { RoutePath } from '#app/content/page-paths.ts'
import { type RedirectStatus, redirectsCopy } from '#app/content/redirects.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import type { StoreResult } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { storedPath } from './redirect-paths.ts'
import { addRedirectSchema, deleteRedirectSchema, updateRedirectSchema } from './redirect-schema.ts'
import { addRedirect, deleteRedirect, type RedirectUpdateOutcome, updateRedirect } from './redirects.server.ts'

/** The routes that answer 404 where they have nothing: only there is a redirect ever followed. */
const redirectableRoutes = new Set<string>(['/*', '/blog/:slug' satisfies RoutePath])

/** Whether the site has a page of its own at a typed old address, so a redirect from it would never be used. */
async function isSitePage(context: SiteContext, from: string) {
	const stored = storedPath(from, 'from')
	if (!stored.ok) return false
	const route = await context.routeOf(stored.path)
	return route !== null && !redirectableRoutes.has(route)
}

type Typed = { from: string; to: string; statusCode: RedirectStatus }

/** A save's answer: what was done, or why not, with the field it is about and what was typed. */
function answer(outcome: RedirectUpdateOutcome | { outcome: 'page' }, typed: Typed): StoreResult {
	const refused = (status: 400 | 404 | 409, message: string, field?: 'from' | 'to'): StoreResult => ({
		ok: false,
		tone: 'error',
		message,
		status,
		values: { from: typed.from, to: typed.to, statusCode: String(typed.statusCode) },
		...(field ? { fieldErrors: { [field]: message } } : {}),
	})
	switch (outcome.outcome) {
		case 'created':
		case 'updated': {
			const done = outcome.outcome === 'created' ? redirectsCopy.created : redirectsCopy.updated
			const message = [
				done(outcome.from, outcome.to),
				outcome.collapsed > 0 ? redirectsCopy.collapsed(outcome.collapsed) : '',
				outcome.removed ? redirectsCopy.removed(outcome.removed) : '',
			].join('')
			return { ok: true, tone: 'success', message }
		}
		case 'invalid':
			return refused(400, redirectsCopy.problems[outcome.problem], outcome.field)
		case 'same':
			return refused(400, redirectsCopy.same, 'to')
		case 'page':
			return refused(409, redirectsCopy.livePage, 'from')
		case 'loop':
			return refused(409, redirectsCopy.loop(outcome.to, outcome.from), 'to')
		case 'taken':
			return refused(409, redirectsCopy.taken, 'from')
		case 'unknown':
			return refused(404, redirectsCopy.unknown)
	}
}

/** "Add redirect": a new one, or a new target for the one that starts at the same address. */
export function addRedirectAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: addRedirectSchema,
		invalidMessage: () => redirectsCopy.invalid,
		store: async (input, session) => {
			if (await isSitePage(context, input.from)) return answer({ outcome: 'page' }, input)
			const outcome = await addRedirect(context.db, {
				...input,
				by: session.operator.id,
				clientAddress: context.clientAddress,
			})
			return answer(outcome, input)
		},
	})
}

/** "Save redirect" on the edit form. */
export function updateRedirectAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: updateRedirectSchema,
		invalidMessage: () => redirectsCopy.invalid,
		store: async (input, session) => {
			if (await isSitePage(context, input.from)) return answer({ outcome: 'page' }, input)
			const outcome = await updateRedirect(context.db, {
				...input,
				id: Number(input.id),
				by: session.operator.id,
				clientAddress: context.clientAddress,
			})
			return answer(outcome, input)
		},
	})
}

/** "Delete" on a row. */
export function deleteRedirectAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: deleteRedirectSchema,
		store: async (input, session) => {
			const outcome = await deleteRedirect(context.db, {
				id: Number(input.id),
				by: session.operator.id,
				clientAddress: context.clientAddress,
			})
			return outcome.outcome === 'deleted'
				? { ok: true, tone: 'success', message: redirectsCopy.deleted(outcome.from) }
				: { ok: false, tone: 'error', message: redirectsCopy.unknown, status: 404 }
		},
	})
}
