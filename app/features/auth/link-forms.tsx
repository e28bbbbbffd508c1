import { consoleLimits, invitationCopy, passwordCopy, resetCopy, setupCopy } from '#app/content/console.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import {
	defineForm,
	Field,
	type FieldDeclaration,
	type FormDefinition,
	FormStatus,
	SubmissionForm,
	SubmitButton,
	useForm,
} from '#app/forms/form.tsx'
import type { FormSchema } from '#app/forms/schema.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'

const newPasswordField = (label: string): FieldDeclaration => ({
	label,
	type: 'password',
	required: true,
	maxLength: consoleLimits.passwordMax,
	autoComplete: 'new-password',
	hint: passwordCopy.hint,
})

const displayNameField: FieldDeclaration = {
	label: setupCopy.displayName,
	required: true,
	maxLength: consoleLimits.displayName,
	autoComplete: 'name',
}

const schemas = () => import('./schemas.ts')

const setupForm = defineForm({
	action: consolePaths.setup,
	schema: () => schemas().then((s) => s.setupSchema),
	fields: {
		displayName: displayNameField,
		email: { label: setupCopy.email, type: 'email', required: true, autoComplete: 'username' },
		password: newPasswordField(setupCopy.password),
	},
})

const invitationForm = defineForm({
	action: consolePaths.invitation,
	schema: () => schemas().then((s) => s.invitationSchema),
	fields: { displayName: displayNameField, password: newPasswordField(setupCopy.password) },
})

const resetForm = defineForm({
	action: consolePaths.resetPassword,
	schema: () => schemas().then((s) => s.resetPasswordSchema),
	fields: { password: newPasswordField(resetCopy.newPassword) },
})

/** The token travels in the form's address, as it came: it is never written into the page's fields. */
const withToken = (action: string, token: string) => `${action}?token=${encodeURIComponent(token)}`

export function SetupForm({ token, initial }: { token: string; initial?: SubmissionResult }) {
	const form = useForm({ ...setupForm, action: withToken(setupForm.action, token) }, { initial })
	return (
		<SubmissionForm form={form} label={setupCopy.heading} className="relative space-y-4">
			<FormStatus result={form.inlineResult} />
			<Field {...form.field('displayName')} />
			<Field {...form.field('email')} />
			<Field {...form.field('password')} />
			<SubmitButton submitting={form.submitting} copy={setupCopy} className="w-full" />
		</SubmissionForm>
	)
}

/** A single-use link's form for an account that already has its email (an invitation, a reset). */
function AccountLinkForm<F extends 'displayName' | 'password'>({
	definition,
	fields,
	token,
	email,
	label,
	copy,
	initial,
}: {
	definition: FormDefinition<FormSchema & { shape: Record<F, unknown> }, F>
	fields: F[]
	token: string
	email: string
	label: string
	copy: { submit: string; submitting: string }
	initial?: SubmissionResult
}) {
	const form = useForm({ ...definition, action: withToken(definition.action, token) }, { initial })
	return (
		<SubmissionForm form={form} label={label} className="relative space-y-4">
			<FormStatus result={form.inlineResult} />
			{/* Lets password managers save the new password under the right account. */}
			<input type="hidden" name="username" autoComplete="username" value={email} />
			{fields.map((name) => (
				<Field key={name} {...form.field(name)} />
			))}
			<SubmitButton submitting={form.submitting} copy={copy} className="w-full" />
		</SubmissionForm>
	)
}

type LinkFormProps = { token: string; email: string; initial?: SubmissionResult }

export function InvitationForm(props: LinkFormProps) {
	return (
		<AccountLinkForm
			{...props}
			definition={invitationForm}
			fields={['displayName', 'password']}
			label={invitationCopy.heading}
			copy={invitationCopy}
		/>
	)
}

export function ResetPasswordForm(props: LinkFormProps) {
	return (
		<AccountLinkForm
			{...props}
			definition={resetForm}
			fields={['password']}
			label={resetCopy.heading}
			copy={resetCopy}
		/>
	)
}
