import * as z from 'zod/mini'
import { fieldLimits } from '../../content/lead-forms.ts'
import { newsletterCopy } from '../../content/newsletter.ts'
import { validationMessages } from '../../content/validation-messages.ts'
import { email, optionalText } from '../../forms/schema.ts'

export const newsletterSchema = z.object({
	email: email(validationMessages.newsletterEmail),
	name: optionalText(fieldLimits.name),
	source: z.pipe(
		z.string().check(z.regex(new RegExp(`^[a-z0-9_-]{0,${fieldLimits.source}}$`), validationMessages.source)),
		z.transform((v) => v || newsletterCopy.defaultSource),
	),
})
