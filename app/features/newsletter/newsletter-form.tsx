import { fieldLimits } from '../../content/lead-forms.ts'
import { newsletterCopy } from '../../content/newsletter.ts'
import { buttonClass, Field, FormStatus, Honeypot, useLeadForm } from '../leads/form-fields.tsx'
import type { SubmissionResult } from '../leads/submission.ts'

export type NewsletterFormProps = {
	/** Stored with the subscriber; the blog sidebar's default. */
	source?: string
	/** The result a page rendered without JavaScript received from the newsletter action. */
	initial?: SubmissionResult
}

/** Newsletter signup: outcomes as toasts with JavaScript, on the /newsletter page without it. */
export function NewsletterForm({ source = newsletterCopy.defaultSource, initial }: NewsletterFormProps) {
	const form = useLeadForm({
		schema: () => import('./schema.ts').then((m) => m.newsletterSchema),
		action: newsletterCopy.page.path,
		initial,
		toasts: true,
	})
	return (
		<form.fetcher.Form
			ref={form.formRef}
			method="post"
			action={newsletterCopy.page.path}
			noValidate
			onSubmit={form.onSubmit}
			onFocus={form.onFocus}
			aria-label="Newsletter signup"
			className="relative space-y-3"
		>
			<FormStatus result={form.inlineResult} />
			<input type="hidden" name="source" value={source} />
			<Field
				name="email"
				label={newsletterCopy.labels.email}
				type="email"
				autoComplete="email"
				required
				maxLength={fieldLimits.email}
				error={form.fieldErrors.email}
				defaultValue={form.values.email}
			/>
			<Field
				name="name"
				label={newsletterCopy.labels.name}
				autoComplete="name"
				maxLength={fieldLimits.name}
				error={form.fieldErrors.name}
				defaultValue={form.values.name}
			/>
			<Honeypot />
			<button type="submit" className={`${buttonClass} w-full`} disabled={form.submitting}>
				{form.submitting ? newsletterCopy.submitting : newsletterCopy.submit}
			</button>
		</form.fetcher.Form>
	)
}
