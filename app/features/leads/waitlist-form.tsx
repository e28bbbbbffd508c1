import { fieldLimits } from '../../content/lead-forms.ts'
import { waitlistCopy } from '../../content/waitlist.ts'
import { buttonClass, Field, FormStatus, Honeypot, useLeadForm } from './form-fields.tsx'
import type { SubmissionResult } from './submission.ts'

/** The Domains Anonymous waitlist form of /community-interest; posts to that page's action. */
export function WaitlistForm({ initial }: { initial?: SubmissionResult }) {
	const form = useLeadForm({
		schema: (schemas) => schemas.waitlistSchema,
		action: '/community-interest',
		initial,
		toasts: true,
	})
	return (
		<form.fetcher.Form
			ref={form.formRef}
			method="post"
			action="/community-interest"
			noValidate
			onSubmit={form.onSubmit}
			onFocus={form.onFocus}
			aria-label="Domains Anonymous waitlist"
			className="relative space-y-4"
		>
			<FormStatus result={form.inlineResult} />
			<Field
				name="name"
				label={waitlistCopy.labels.name}
				autoComplete="name"
				required
				maxLength={fieldLimits.name}
				error={form.fieldErrors.name}
				defaultValue={form.values.name}
			/>
			<Field
				name="email"
				label={waitlistCopy.labels.email}
				type="email"
				autoComplete="email"
				required
				maxLength={fieldLimits.email}
				error={form.fieldErrors.email}
				defaultValue={form.values.email}
			/>
			<Honeypot />
			<button type="submit" className={`${buttonClass} w-full`} disabled={form.submitting}>
				{form.submitting ? waitlistCopy.submitting : waitlistCopy.submit}
			</button>
		</form.fetcher.Form>
	)
}
