import * as z from 'zod/mini'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import { email, optionalText } from '#app/forms/schema.ts'

export const newsletterSchema = z.object({
	email: email(validationMessages.newsletterEmail),
	name: optionalText(fieldLimits.name),
	source: z.pipe(
		z.string().check(z.regex(new RegExp(`^[a-z0-9_-]{0,${fieldLimits.source}}$`), validationMessages.source)),
		z.transform((v) => v || newsletterCopy.defaultSource),
	),
})
