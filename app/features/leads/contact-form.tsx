import { contactFormCopy } from '#app/content/contact.ts'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { emailField, nameField } from '#app/forms/fields.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

const { labels } = contactFormCopy

const contactForm = defineForm({
	action: pagePaths.contact,
	schema: () => import('./schemas.ts').then((schemas) => schemas.contactSchema),
	fields: {
		name: nameField(labels.name),
		email: emailField(labels.email),
		subject: { label: labels.subject, required: true, maxLength: fieldLimits.subject },
		message: { label: labels.message, multiline: true, required: true, maxLength: fieldLimits.message },
	},
})

/** The contact form of /contact; posts to that page's action. */
export function ContactForm({ initial }: { initial?: SubmissionResult }) {
	const form = useForm(contactForm, { initial, toasts: true })
	return (
		<SubmissionForm form={form} label="Contact form" className="relative space-y-4">
			<FormStatus result={form.inlineResult} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field {...form.field('name')} />
				<Field {...form.field('email')} />
			</div>
			<Field {...form.field('subject')} />
			<Field {...form.field('message')} />
			<SubmitButton submitting={form.submitting} copy={contactFormCopy} />
		</SubmissionForm>
	)
}
