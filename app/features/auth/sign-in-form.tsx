import { signInCopy } from '#app/content/console.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

const signInForm = defineForm({
	action: consolePaths.signInForm,
	schema: () => import('./schemas.ts').then((schemas) => schemas.signInSchema),
	fields: {
		email: { label: signInCopy.email, type: 'email', required: true, autoComplete: 'username webauthn' },
		password: { label: signInCopy.password, type: 'password', required: true, autoComplete: 'current-password' },
	},
})

/** Email and password; on success the server sends the browser on to the page it came for. */
export function SignInForm({ next, initial }: { next: string; initial?: SubmissionResult }) {
	// `next` also rides in the form's address: a page rendered without JavaScript after a failed attempt keeps it.
	const form = useForm({ ...signInForm, action: `${signInForm.action}?next=${encodeURIComponent(next)}` }, { initial })
	return (
		<SubmissionForm form={form} label={signInCopy.heading} className="relative space-y-4">
			<FormStatus result={form.inlineResult} />
			<input type="hidden" name="next" value={next} />
			<Field {...form.field('email')} />
			<Field {...form.field('password')} />
			<SubmitButton submitting={form.submitting} copy={signInCopy} className="w-full" />
		</SubmissionForm>
	)
}
