import { fieldLimits } from '#app/content/lead-forms.ts'
import type { FieldDeclaration } from './form.tsx'

/** A person's name, as every lead form asks for it (the newsletter's is optional). */
export const nameField = (label: string, required = true): FieldDeclaration => ({
	label,
	autoComplete: 'name',
	required,
	maxLength: fieldLimits.name,
})

/** An email address, as every lead form asks for it. */
export const emailField = (label: string): FieldDeclaration => ({
	label,
	type: 'email',
	autoComplete: 'email',
	required: true,
	maxLength: fieldLimits.email,
})
