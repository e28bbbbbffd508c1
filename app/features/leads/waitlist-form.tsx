import { pagePaths } from '#app/content/page-paths.ts'
import { waitlistCopy } from '#app/content/waitlist.ts'
import { emailField, nameField } from '#app/forms/fields.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

const { labels } = waitlistCopy

const waitlistForm = defineForm({
	action: pagePaths.communityInterest,
	schema: () => import('./schemas.ts').then((schemas) => schemas.waitlistSchema),
	fields: {
		name: nameField(labels.name),
		email: emailField(labels.email),
	},
})

/** The Domains Anonymous waitlist form of /community-interest; posts to that page's action. */
export function WaitlistForm({ initial }: { initial?: SubmissionResult }) {
	const form = useForm(waitlistForm, { initial, toasts: true })
	return (
		<SubmissionForm form={form} label="Domains Anonymous waitlist" className="relative space-y-4">
			<FormStatus result={form.inlineResult} />
			<Field {...form.field('name')} />
			<Field {...form.field('email')} />
			<SubmitButton submitting={form.submitting} copy={waitlistCopy} className="w-full" />
		</SubmissionForm>
	)
}
