import { type ReactNode, useEffect, useRef } from 'react'
import { betaCopy } from '../../content/beta-application.ts'
import { fieldLimits } from '../../content/lead-forms.ts'
import { buttonClass, Field, FormStatus, Honeypot, useLeadForm } from './form-fields.tsx'
import type { SubmissionResult } from './submission.ts'

export type BetaApplicationFormProps = {
	/** The result a page rendered without JavaScript received from its action. */
	initial?: SubmissionResult
	onSuccess?: () => void
	/** Extra buttons beside submit (the dialog's Cancel); disabled while submitting. */
	secondaryAction?: (disabled: boolean) => ReactNode
	SuccessHeading?: 'h2' | 'h3'
}

/** The beta application (spec sections 3 and 5), used by the dialog and by the /beta-application page. */
export function BetaApplicationForm({
	initial,
	onSuccess,
	secondaryAction,
	SuccessHeading = 'h2',
}: BetaApplicationFormProps) {
	const form = useLeadForm({
		schema: (schemas) => schemas.betaApplicationSchema,
		action: betaCopy.page.path,
		initial,
		onResult: (result) => {
			if (result.ok) onSuccess?.()
		},
	})
	const successRef = useRef<HTMLDivElement>(null)
	const succeeded = form.result?.ok === true
	useEffect(() => {
		if (succeeded) successRef.current?.focus()
	}, [succeeded])

	if (succeeded) {
		return (
			<div ref={successRef} tabIndex={-1} role="status" className="rounded-md bg-green-50 p-6 text-center outline-none">
				<SuccessHeading className="text-2xl font-bold text-green-900">{betaCopy.successTitle}</SuccessHeading>
				<p className="mt-2 text-green-900">{betaCopy.successNote}</p>
			</div>
		)
	}
	const { labels } = betaCopy
	const failure = form.result && !form.result.ok ? form.result : undefined
	return (
		<form.fetcher.Form
			ref={form.formRef}
			method="post"
			action={betaCopy.page.path}
			noValidate
			onSubmit={form.onSubmit}
			onFocus={form.onFocus}
			aria-label="Beta application"
			className="relative space-y-4"
		>
			<Field
				name="full_name"
				label={labels.full_name}
				autoComplete="name"
				required
				maxLength={fieldLimits.name}
				error={form.fieldErrors.full_name}
				defaultValue={form.values.full_name}
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
			<div className="grid gap-4 sm:grid-cols-2">
				<Field
					name="company_name"
					label={labels.company_name}
					autoComplete="organization"
					maxLength={fieldLimits.name}
					error={form.fieldErrors.company_name}
					defaultValue={form.values.company_name}
				/>
				<Field
					name="domain_count"
					label={labels.domain_count}
					type="number"
					required
					min={1}
					max={fieldLimits.domainCountMax}
					error={form.fieldErrors.domain_count}
					defaultValue={form.values.domain_count}
				/>
			</div>
			<Field
				name="current_solution"
				label={labels.current_solution}
				maxLength={fieldLimits.currentSolution}
				error={form.fieldErrors.current_solution}
				defaultValue={form.values.current_solution}
			/>
			<Field
				name="why_interested"
				label={labels.why_interested}
				multiline
				required
				maxLength={fieldLimits.whyInterested}
				error={form.fieldErrors.why_interested}
				defaultValue={form.values.why_interested}
			/>
			<Honeypot />
			<FormStatus result={failure} />
			<div className="flex flex-wrap justify-end gap-3">
				{secondaryAction?.(form.submitting)}
				<button type="submit" className={buttonClass} disabled={form.submitting}>
					{form.submitting ? betaCopy.submitting : betaCopy.submit}
				</button>
			</div>
		</form.fetcher.Form>
	)
}
