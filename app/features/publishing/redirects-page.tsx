import { useMemo } from 'react'
import { Link } from 'react-router'
import { type RedirectStatus, redirectLimits, redirectStatuses, redirectsCopy } from '#app/content/redirects.ts'
import { ConfirmedChange, ConsoleSection, CsrfField, RowActionButton } from '#app/features/console/console-forms.tsx'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import {
	defineForm,
	Field,
	type FieldProps,
	FormStatus,
	SelectField,
	SubmissionForm,
	SubmitButton,
	useForm,
} from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { redirectsPagePath } from './redirect-paths.ts'

export type RedirectRow = {
	id: number
	from: string
	to: string
	statusCode: number
	hits: number
	lastHitAt: string | null
	createdAt: string
	createdBy: string | null
}

const fields = {
	from: {
		label: redirectsCopy.fields.from,
		hint: redirectsCopy.fields.fromHint,
		required: true,
		maxLength: redirectLimits.path,
		autoComplete: 'off',
	},
	to: {
		label: redirectsCopy.fields.to,
		hint: redirectsCopy.fields.toHint,
		required: true,
		maxLength: redirectLimits.path,
		autoComplete: 'off',
	},
	statusCode: { label: redirectsCopy.fields.statusCode },
} as const

const addForm = defineForm({
	action: `${redirectsPagePath}?intent=add`,
	schema: () => import('./redirect-schema.ts').then((s) => s.addRedirectSchema),
	fields,
})

/** The edit form of one redirect posts to its own edit view, so a page rendered without JavaScript shows it again. */
const editForm = (id: number) =>
	defineForm({
		action: `${redirectsPagePath}?edit=${id}&intent=update`,
		schema: () => import('./redirect-schema.ts').then((s) => s.updateRedirectSchema),
		fields,
	})

const statusLabel = (code: number) => redirectsCopy.statuses[code as RedirectStatus] ?? String(code)

/** The answers a redirect can give: the four the site allows, permanent first. */
const statusOptions = redirectStatuses.map((code) => ({ value: String(code), label: redirectsCopy.statuses[code] }))

function AddRedirectForm({ initial }: { initial?: SubmissionResult }) {
	const { csrfToken } = useConsole()
	const form = useForm(addForm, { initial })
	return (
		<SubmissionForm form={form} label={redirectsCopy.addHeading} className="relative space-y-4">
			<CsrfField token={csrfToken} />
			<FormStatus result={form.inlineResult} />
			<div className="grid gap-4 md:grid-cols-2">
				<Field {...form.field('from')} />
				<Field {...form.field('to')} />
			</div>
			<SelectField {...form.field('statusCode')} options={statusOptions} />
			<SubmitButton
				submitting={form.submitting}
				copy={{ submit: redirectsCopy.add, submitting: redirectsCopy.adding }}
			/>
		</SubmissionForm>
	)
}

function EditRedirectForm({ row, initial }: { row: RedirectRow; initial?: SubmissionResult }) {
	const { csrfToken } = useConsole()
	const definition = useMemo(() => editForm(row.id), [row.id])
	const form = useForm(definition, { initial })
	// What was typed when a save failed, else what is stored.
	const withStored = (props: FieldProps, stored: string): FieldProps => ({
		...props,
		defaultValue: props.defaultValue ?? stored,
	})
	return (
		<SubmissionForm form={form} label={redirectsCopy.editHeading} className="relative space-y-4">
			<CsrfField token={csrfToken} />
			<input type="hidden" name="id" value={String(row.id)} />
			<FormStatus result={form.inlineResult} />
			<div className="grid gap-4 md:grid-cols-2">
				<Field {...withStored(form.field('from'), row.from)} />
				<Field {...withStored(form.field('to'), row.to)} />
			</div>
			<SelectField {...withStored(form.field('statusCode'), String(row.statusCode))} options={statusOptions} />
			<div className="flex flex-wrap items-center gap-4">
				<SubmitButton
					submitting={form.submitting}
					copy={{ submit: redirectsCopy.save, submitting: redirectsCopy.saving }}
				/>
				<Link to={redirectsPagePath} className="font-semibold text-brand-700 underline">
					{redirectsCopy.cancelEdit}
				</Link>
			</div>
		</SubmissionForm>
	)
}

export function RedirectsPage({
	rows,
	olderHref,
	newestHref,
	editing,
	editMissing,
	addResult,
	editResult,
	rowResult,
}: {
	rows: RedirectRow[]
	olderHref: string | null
	newestHref: string | null
	/** The redirect the page's `?edit=` names, or null. */
	editing: RedirectRow | null
	/** `?edit=` names a redirect that no longer exists. */
	editMissing: boolean
	/** The answers a page rendered without JavaScript got from its own post, by the form that sent it. */
	addResult?: SubmissionResult
	editResult?: SubmissionResult
	rowResult?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	return (
		<>
			<ConsolePageHeader heading={redirectsCopy.heading} intro={redirectsCopy.intro} />
			{rowResult ? <FormStatus result={rowResult} /> : null}
			{editMissing ? <FormStatus result={{ ok: false, tone: 'error', message: redirectsCopy.unknown }} /> : null}
			{editing ? (
				<ConsoleSection heading={redirectsCopy.editHeading}>
					<EditRedirectForm key={editing.id} row={editing} initial={editResult} />
				</ConsoleSection>
			) : null}
			{rows.length === 0 ? (
				<p className="mt-6 text-slate-600">{redirectsCopy.none}</p>
			) : (
				<ConsoleTable
					caption={redirectsCopy.heading}
					columns={Object.values(redirectsCopy.columns)}
					minWidth="sm:min-w-[56rem]"
					className="mt-6"
				>
					{rows.map((row) => (
						<tr key={row.id}>
							{/* Addresses may come from an import or a visitor's old link: React writes them as text. */}
							<th
								scope="row"
								className="max-w-xs px-4 py-3 align-top font-mono text-xs font-normal wrap-anywhere text-slate-900"
							>
								{shownAsTyped(row.from)}
							</th>
							<td className="max-w-xs px-4 py-3 align-top font-mono text-xs wrap-anywhere text-slate-900">
								{shownAsTyped(row.to)}
							</td>
							<td className="px-4 py-3 align-top">{statusLabel(row.statusCode)}</td>
							<td className="px-4 py-3 align-top">{row.hits}</td>
							<td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
								<Moment value={row.lastHitAt} />
							</td>
							<td className="px-4 py-3 align-top text-slate-700">
								<span className="whitespace-nowrap">
									<Moment value={row.createdAt} />
								</span>
								<span className="block text-xs text-slate-600">
									{row.createdBy === null ? redirectsCopy.byNobody : redirectsCopy.by(row.createdBy)}
								</span>
							</td>
							<td className="px-4 py-3 align-top">
								<div className="flex flex-wrap gap-2">
									<Link
										to={`${redirectsPagePath}?edit=${row.id}`}
										className={buttonClass('secondary', 'md')}
										aria-label={`${redirectsCopy.edit}: ${shownAsTyped(row.from)}`}
									>
										{redirectsCopy.edit}
									</Link>
									<ConfirmedChange
										summary={redirectsCopy.delete}
										subject={shownAsTyped(row.from)}
										question={redirectsCopy.deleteQuestion}
									>
										<RowActionButton
											action={`${redirectsPagePath}?intent=delete`}
											csrfToken={csrfToken}
											fields={{ id: String(row.id) }}
											label={redirectsCopy.delete}
											accessibleLabel={`${redirectsCopy.delete}: ${shownAsTyped(row.from)}`}
											tone="danger"
										/>
									</ConfirmedChange>
								</div>
							</td>
						</tr>
					))}
				</ConsoleTable>
			)}
			<ConsolePageLinks newestHref={newestHref} olderHref={olderHref} labels={redirectsCopy} />
			<ConsoleSection heading={redirectsCopy.addHeading} intro={redirectsCopy.addIntro}>
				<AddRedirectForm initial={addResult} />
			</ConsoleSection>
		</>
	)
}
