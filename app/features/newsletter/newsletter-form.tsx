import { newsletterCopy } from '#app/content/newsletter.ts'
import { emailField, nameField } from '#app/forms/fields.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

const { labels } = newsletterCopy

const newsletterForm = defineForm({
	action: newsletterCopy.page.path,
	schema: () => import('./schema.ts').then((schema) => schema.newsletterSchema),
	fields: {
		email: emailField(labels.email),
		name: nameField(labels.name, false),
	},
})

export type NewsletterFormProps = {
	/** Stored with the subscriber; the blog sidebar's default. */
	source?: string
	/** The result a page rendered without JavaScript received from the newsletter action. */
	initial?: SubmissionResult
}

/** Newsletter signup: outcomes as toasts with JavaScript, on the /newsletter page without it. */
export function NewsletterForm({ source = newsletterCopy.defaultSource, initial }: NewsletterFormProps) {
	const form = useForm(newsletterForm, { initial, toasts: true })
	return (
		<SubmissionForm form={form} label="Newsletter signup" className="relative space-y-3">
			<FormStatus result={form.inlineResult} />
			<input type="hidden" name="source" value={source} />
			<Field {...form.field('email')} />
			<Field {...form.field('name')} />
			<SubmitButton submitting={form.submitting} copy={newsletterCopy} className="w-full" />
		</SubmissionForm>
	)
}
