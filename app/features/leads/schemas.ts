import * as z from 'zod/mini'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { email, optionalText, requiredText } from '#app/forms/schema.ts'

/** What a number field sends: digits, a decimal part, an exponent (`1e3`, `1.5e3`), as browsers accept them. */
const DECIMAL_NUMBER = /^\s*\d+(?:\.\d+)?(?:e[+-]?\d+)?\s*$/i

/** The number a domain count names when it is a whole one (`1000`, `1e3`, `1000.0`; `1e999` is too many), or null. */
export function wholeNumberOf(value: string) {
	if (!DECIMAL_NUMBER.test(value)) return null
	const number = Number(value)
	return Number.isInteger(number) || number === Number.POSITIVE_INFINITY ? number : null
}

const domainCount = z.pipe(
	z.string().check(
		z.refine((v) => (wholeNumberOf(v) ?? 0) >= 1, validationMessages.domainCount),
		z.refine((v) => (wholeNumberOf(v) ?? 0) <= fieldLimits.domainCountMax, validationMessages.domainCountMax),
	),
	z.transform((v) => wholeNumberOf(v) ?? 0),
)

export const betaApplicationSchema = z.object({
	full_name: requiredText(fieldLimits.name, validationMessages.fullName),
	email: email(),
	company_name: optionalText(fieldLimits.name),
	domain_count: domainCount,
	current_solution: optionalText(fieldLimits.currentSolution),
	why_interested: requiredText(fieldLimits.whyInterested, validationMessages.whyInterested),
})

export const waitlistSchema = z.object({
	name: requiredText(fieldLimits.name, validationMessages.name),
	email: email(),
})

export const contactSchema = z.object({
	name: requiredText(fieldLimits.name, validationMessages.name),
	email: email(),
	subject: requiredText(fieldLimits.subject, validationMessages.subject),
	message: requiredText(fieldLimits.message, validationMessages.message),
})
