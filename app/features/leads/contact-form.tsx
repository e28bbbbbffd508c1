import { contactFormCopy } from '../../content/contact.ts'
import { fieldLimits } from '../../content/lead-forms.ts'
import { buttonClass, Field, FormStatus, Honeypot, useLeadForm } from './form-fields.tsx'
import type { SubmissionResult } from './submission.ts'

/** The contact form of /contact; posts to that page's action. */
export function ContactForm({ initial }: { initial?: SubmissionResult }) {
	const form = useLeadForm({
		schema: (schemas) => schemas.contactSchema,
		action: '/contact',
		initial,
		toasts: true,
	})
	const { labels } = contactFormCopy
	return (
		<form.fetcher.Form
			ref={form.formRef}
			method="post"
			action="/contact"
			noValidate
			onSubmit={form.onSubmit}
			onFocus={form.onFocus}
			aria-label="Contact form"
			className="relative space-y-4"
		>
			<FormStatus result={form.inlineResult} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field
					name="name"
					label={labels.name}
					autoComplete="name"
					required
					maxLength={fieldLimits.name}
					error={form.fieldErrors.name}
					defaultValue={form.values.name}
				/>
				<Field
					name="email"
					label={labels.email}
					type="email"
					autoComplete="email"
					required
					maxLength={fieldLimits.email}
					error={form.fieldErrors.email}
					defaultValue={form.values.email}
				/>
			</div>
			<Field
				name="subject"
				label={labels.subject}
				required
				maxLength={fieldLimits.subject}
				error={form.fieldErrors.subject}
				defaultValue={form.values.subject}
			/>
			<Field
				name="message"
				label={labels.message}
				multiline
				required
				maxLength={fieldLimits.message}
				error={form.fieldErrors.message}
				defaultValue={form.values.message}
			/>
			<Honeypot />
			<button type="submit" className={buttonClass} disabled={form.submitting}>
				{form.submitting ? contactFormCopy.submitting : contactFormCopy.submit}
			</button>
		</form.fetcher.Form>
	)
}
