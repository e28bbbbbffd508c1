import { type ReactNode, useEffect, useRef } from 'react'
import { betaCopy } from '#app/content/beta-application.ts'
import { fieldLimits } from '#app/content/lead-forms.ts'
import { emailField, nameField } from '#app/forms/fields.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

const { labels } = betaCopy

const betaApplicationForm = defineForm({
	action: betaCopy.page.path,
	schema: () => import('./schemas.ts').then((schemas) => schemas.betaApplicationSchema),
	fields: {
		full_name: nameField(labels.full_name),
		email: emailField(labels.email),
		company_name: { label: labels.company_name, autoComplete: 'organization', maxLength: fieldLimits.name },
		domain_count: {
			label: labels.domain_count,
			type: 'number',
			required: true,
			min: 1,
			max: fieldLimits.domainCountMax,
		},
		current_solution: { label: labels.current_solution, maxLength: fieldLimits.currentSolution },
		why_interested: {
			label: labels.why_interested,
			multiline: true,
			required: true,
			maxLength: fieldLimits.whyInterested,
		},
	},
})

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
	const form = useForm(betaApplicationForm, {
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
	const failure = form.inlineResult && !form.inlineResult.ok ? form.inlineResult : undefined
	return (
		<SubmissionForm form={form} label="Beta application" className="relative space-y-4">
			<Field {...form.field('full_name')} />
			<Field {...form.field('email')} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field {...form.field('company_name')} />
				<Field {...form.field('domain_count')} />
			</div>
			<Field {...form.field('current_solution')} />
			<Field {...form.field('why_interested')} />
			<FormStatus result={failure} />
			<div className="flex flex-wrap justify-end gap-3">
				{secondaryAction?.(form.submitting)}
				<SubmitButton submitting={form.submitting} copy={betaCopy} />
			</div>
		</SubmissionForm>
	)
}
