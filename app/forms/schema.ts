import * as z from 'zod/mini'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { validationMessages } from '#app/content/validation-messages.ts'

// A pragmatic check: one @, no spaces, a dot in the domain; the mail server is the real judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Required text: something besides spaces, stored exactly as typed. */
export function requiredText(max: number, message: string) {
	return z.string().check(
		z.refine((v) => v.trim() !== '', message),
		z.maxLength(max, validationMessages.tooLong(max)),
	)
}

/** Optional text: blank becomes null, anything else is stored exactly as typed. */
export function optionalText(max: number) {
	return z.pipe(
		z.string().check(z.maxLength(max, validationMessages.tooLong(max))),
		z.transform((v) => (v.trim() === '' ? null : v)),
	)
}

/** An email as typed (compared trimmed); the format is checked on the trimmed value. */
export function email(message: string = validationMessages.email) {
	return z.string().check(
		z.refine((v) => v.trim() !== '', message),
		z.refine((v) => v.trim() === '' || EMAIL_PATTERN.test(v.trim()), validationMessages.email),
		z.maxLength(fieldLimits.email, validationMessages.tooLong(fieldLimits.email)),
	)
}

/** A form's schema: an object of fields that each take the string the form sends. */
export type FormSchema = z.ZodMiniObject<Record<string, z.ZodMiniType<unknown, string>>>

export type FieldErrors = Record<string, string>

/** How a list field (checkboxes sharing a name) reaches its schema: its values on separate lines. */
export const LIST_FIELD_SEPARATOR = '\n'

/**
 * The form's fields as strings ('' when missing), in the shape every schema takes: the first value of a field sent
 * more than once, or all of them for the form's list fields.
 */
export function formValues(
	schema: FormSchema,
	formData: FormData,
	listFields: readonly string[] = [],
): Record<string, string> {
	const values: Record<string, string> = {}
	for (const key of Object.keys(schema.shape)) {
		const sent = formData.getAll(key).filter((value) => typeof value === 'string')
		values[key] = listFields.includes(key) ? sent.join(LIST_FIELD_SEPARATOR) : (sent[0] ?? '')
	}
	return values
}

/** Parses the values; on failure, the first message of each field. */
export function validate<S extends FormSchema>(
	schema: S,
	values: Record<string, string>,
): { ok: true; data: z.output<S> } | { ok: false; fieldErrors: FieldErrors } {
	const result = z.safeParse(schema, values)
	if (result.success) return { ok: true, data: result.data }
	const fieldErrors: FieldErrors = {}
	for (const issue of result.error.issues) {
		const key = String(issue.path[0] ?? '')
		fieldErrors[key] ??= issue.message
	}
	return { ok: false, fieldErrors }
}
