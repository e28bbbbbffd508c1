import * as z from 'zod/mini'
import { type RedirectStatus, redirectStatuses, redirectsCopy } from '#app/content/redirects.ts'
import { rowId } from '#app/features/auth/schemas.ts'
import { pathProblem } from './redirect-paths.ts'

/** An address field: checked by the same rules in the browser and by the action, with the rule's own message. */
const address = (kind: 'from' | 'to') =>
	z.string().check(
		z.superRefine((value, context) => {
			const problem = pathProblem(value, kind)
			if (problem) context.addIssue({ code: 'custom', message: redirectsCopy.problems[problem], input: value })
		}),
	)

/** One of the answers the select offers, as a number. */
const statusCode = z.pipe(
	z
		.string()
		.check(z.refine((value) => redirectStatuses.some((code) => String(code) === value), redirectsCopy.statusRequired)),
	z.transform((value) => Number(value) as RedirectStatus),
)

export const addRedirectSchema = z.object({ from: address('from'), to: address('to'), statusCode })

export const updateRedirectSchema = z.object({ id: rowId, from: address('from'), to: address('to'), statusCode })

export const deleteRedirectSchema = z.object({ id: rowId })
