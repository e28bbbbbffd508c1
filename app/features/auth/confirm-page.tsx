import { confirmCopy } from '#app/content/console.ts'
import { CsrfField } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { PasskeyConfirmation } from './passkey-sign-in.tsx'

const confirmForm = defineForm({
	action: consolePaths.confirm(''),
	schema: () => import('./schemas.ts').then((s) => s.confirmPasswordSchema),
	fields: {
		password: { label: confirmCopy.password, type: 'password', required: true, autoComplete: 'current-password' },
	},
})

/** The password again before a change that asks for it, then back to `next`. */
export function ConfirmPage({
	next,
	initial,
	passkey,
}: {
	next: string
	initial?: SubmissionResult
	/** Offered when the operator has a passkey; the note says why not where the address cannot hold one. */
	passkey: { hostNote: string | null } | null
}) {
	const { csrfToken } = useConsole()
	// `next` also rides in the form's address: a page rendered without JavaScript after a wrong password keeps it.
	const form = useForm({ ...confirmForm, action: consolePaths.confirm(next) }, { initial })
	return (
		<>
			<ConsolePageHeader heading={confirmCopy.heading} intro={confirmCopy.intro} />
			<SubmissionForm form={form} label={confirmCopy.heading} className="mt-6 max-w-md space-y-4">
				<CsrfField token={csrfToken} />
				<input type="hidden" name="next" value={next} />
				<FormStatus result={form.inlineResult} />
				<Field {...form.field('password')} />
				<SubmitButton
					submitting={form.submitting}
					copy={{ submit: confirmCopy.submit, submitting: confirmCopy.submitting }}
				/>
			</SubmissionForm>
			{passkey ? (
				<div className="max-w-md">
					<PasskeyConfirmation next={next} hostNote={passkey.hostNote} csrfToken={csrfToken} />
				</div>
			) : null}
		</>
	)
}
