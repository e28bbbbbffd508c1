import { Form, Link, useNavigation } from 'react-router'
import { inboxCopy, type LeadKind, leadKinds } from '#app/content/inbox.ts'
import { CsrfField } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'

export type ErasureView = {
	lead: { kind: LeadKind; id: number; email: string }
	summary: { leads: Record<LeadKind, number>; notes: number; notifications: number; events: number; total: number }
	result?: SubmissionResult
}

/** The confirmation of an erasure: what will go, counted, and one button; it works the same without JavaScript. */
export function ErasurePage({ lead, summary, result }: ErasureView) {
	const { csrfToken } = useConsole()
	const navigation = useNavigation()
	const copy = inboxCopy.erase
	const items = [
		...leadKinds
			.filter((kind) => summary.leads[kind] > 0)
			.map((kind) => `${copy.leads(summary.leads[kind])}: ${inboxCopy.kindsPlural[kind]}`),
		copy.notes(summary.notes),
		copy.notifications(summary.notifications),
		copy.events(summary.events),
	]
	return (
		<>
			<ConsolePageHeader heading={copy.heading} />
			<FormStatus result={result} />
			<p className="mt-4 wrap-anywhere text-slate-800">{copy.intro(shownAsTyped(lead.email))}</p>
			<ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
				{items.map((item) => (
					<li key={item}>{item}</li>
				))}
			</ul>
			<p className="mt-4 text-sm text-slate-600">{copy.audit}</p>
			<Form method="post" className="mt-6 flex flex-wrap items-center gap-4">
				<CsrfField token={csrfToken} />
				<input type="hidden" name="expected" value={String(summary.total)} />
				<button
					type="submit"
					className={`${buttonClass('primary', 'md')} bg-red-700 hover:bg-red-800`}
					disabled={navigation.state !== 'idle'}
				>
					{copy.confirm}
				</button>
				<Link to={consolePaths.lead(lead.kind, lead.id)} className="font-semibold text-brand-700 underline">
					{copy.cancel}
				</Link>
			</Form>
		</>
	)
}
