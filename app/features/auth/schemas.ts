import * as z from 'zod/mini'
import { consoleLimits, passwordCopy, setupCopy, signInCopy } from '#app/content/console.ts'
import { email, requiredText } from '#app/forms/schema.ts'

/** A password as typed (spaces count); its strength is judged on the server, where the dictionaries are. */
const newPassword = z
	.string()
	.check(
		z.minLength(consoleLimits.passwordMin, passwordCopy.tooShort),
		z.maxLength(consoleLimits.passwordMax, passwordCopy.tooLong),
	)

const displayName = requiredText(consoleLimits.displayName, setupCopy.nameRequired)

export const signInSchema = z.object({
	email: email(signInCopy.required.email),
	password: requiredText(consoleLimits.passwordMax, signInCopy.required.password),
	next: z.string().check(z.maxLength(500)),
})

export const setupSchema = z.object({ displayName, email: email(), password: newPassword })

export const invitationSchema = z.object({ displayName, password: newPassword })

export const resetPasswordSchema = z.object({ password: newPassword })

export const changePasswordSchema = z.object({
	currentPassword: requiredText(consoleLimits.passwordMax, signInCopy.required.password),
	password: newPassword,
})

/** A role as a form sends it; the action checks it is one the operator may give (`mayManage`). */
const roleField = z.string().check(z.maxLength(20))

/** The invitation form always sends a role; a post without one invites an admin, as every invitation did before roles. */
export const inviteSchema = z.object({ email: email(), role: roleField })

/** A table row's id as a form or an address carries it. */
const ROW_ID = /^\d{1,15}$/

export const rowId = z.string().check(z.regex(ROW_ID))

/** A row id from a query parameter (a filter, a keyset page), or undefined when there is none or it is not one. */
export function rowIdParam(value: string | null) {
	return value && ROW_ID.test(value) ? Number(value) : undefined
}

export const operatorActionSchema = z.object({
	intent: z.enum(['disable', 'enable', 'reset', 'revoke', 'role', 'offer-ownership', 'withdraw-ownership']),
	id: rowId,
	/** A new role (intent `role`); any other intent sends none. */
	role: roleField,
})

export const confirmPasswordSchema = z.object({
	password: requiredText(consoleLimits.passwordMax, signInCopy.required.password),
	next: z.string().check(z.maxLength(500)),
})

export const sessionActionSchema = z.object({
	intent: z.enum(['end', 'end-others']),
	session: z.string().check(z.maxLength(64)),
})

export const passkeyActionSchema = z.object({ intent: z.literal('remove'), id: z.string().check(z.maxLength(512)) })

/** Forms whose only field is what the button says. */
export const confirmSchema = z.object({})
