import * as z from 'zod/mini'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { email, optionalText, requiredText } from '#app/forms/schema.ts'

const WHOLE_NUMBER = /^\s*\d+\s*$/

const domainCount = z.pipe(
	z.string().check(
		z.refine((v) => WHOLE_NUMBER.test(v) && Number(v) >= 1, validationMessages.domainCount),
		z.refine(
			(v) => !WHOLE_NUMBER.test(v) || Number(v) <= fieldLimits.domainCountMax,
			validationMessages.domainCountMax,
		),
	),
	z.transform((v) => Number(v.trim())),
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
