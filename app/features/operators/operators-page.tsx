import { operatorsCopy } from '#app/content/console.ts'
import { ConsoleSection, CsrfField, RowActionButton, ShownOnceLink } from '#app/features/console/console-forms.tsx'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { consolePaths } from './console-paths.ts'

export type OperatorRow = {
	id: number
	email: string
	displayName: string
	lastSignInAt: string | null
	disabledAt: string | null
}

export type PendingInvitation = { id: number; email: string | null; expiresAt: string }

const rowAction = `${consolePaths.operators}?intent=operator`

const inviteForm = defineForm({
	action: `${consolePaths.operators}?intent=invite`,
	schema: () => import('./schemas.ts').then((s) => s.inviteSchema),
	fields: { email: { label: operatorsCopy.inviteEmail, type: 'email', required: true, autoComplete: 'off' } },
})

function InviteForm({ initial }: { initial?: SubmissionResult }) {
	const { csrfToken } = useConsole()
	const form = useForm(inviteForm, { initial })
	const result = form.result
	return (
		<>
			<SubmissionForm form={form} label={operatorsCopy.inviteHeading} className="relative space-y-4">
				<CsrfField token={csrfToken} />
				{result?.ok ? null : <FormStatus result={form.inlineResult} />}
				<Field {...form.field('email')} />
				<SubmitButton
					submitting={form.submitting}
					copy={{ submit: operatorsCopy.invite, submitting: operatorsCopy.inviting }}
				/>
			</SubmissionForm>
			{result?.ok && result.shownOnce ? <ShownOnceLink message={result.message} link={result.shownOnce} /> : null}
		</>
	)
}

export function OperatorsPage({
	operators,
	invitations,
	inviteResult,
	rowResult,
}: {
	operators: OperatorRow[]
	invitations: PendingInvitation[]
	/** The answers a page rendered without JavaScript got from its own post: the invitation form's, or a row's. */
	inviteResult?: SubmissionResult
	rowResult?: SubmissionResult
}) {
	const { operator: me, csrfToken } = useConsole()
	return (
		<>
			<ConsolePageHeader heading={operatorsCopy.heading} intro={operatorsCopy.intro} />
			{rowResult ? (
				rowResult.shownOnce ? (
					<ShownOnceLink message={rowResult.message} link={rowResult.shownOnce} />
				) : (
					<FormStatus result={rowResult} />
				)
			) : null}
			<ConsoleTable
				caption={operatorsCopy.heading}
				columns={Object.values(operatorsCopy.columns)}
				minWidth="min-w-[40rem]"
				className="mt-4"
			>
				{operators.map((row) => (
					<tr key={row.id}>
						<th scope="row" className="px-4 py-3 font-medium text-slate-900">
							{row.displayName} {row.id === me.id ? <span className="text-slate-600">{operatorsCopy.you}</span> : null}
						</th>
						<td className="px-4 py-3 break-all text-slate-700">{row.email}</td>
						<td className="px-4 py-3">{row.disabledAt ? operatorsCopy.disabled : operatorsCopy.active}</td>
						<td className="px-4 py-3 text-slate-700">
							<Moment value={row.lastSignInAt} />
						</td>
						<td className="px-4 py-3">
							{row.id === me.id ? null : (
								<div className="flex flex-wrap gap-2">
									<RowActionButton
										action={rowAction}
										csrfToken={csrfToken}
										fields={{ intent: 'reset', id: String(row.id) }}
										label={operatorsCopy.resetLink}
										accessibleLabel={`${operatorsCopy.resetLink}: ${row.displayName}`}
									/>
									<RowActionButton
										action={rowAction}
										csrfToken={csrfToken}
										fields={{ intent: row.disabledAt ? 'enable' : 'disable', id: String(row.id) }}
										label={row.disabledAt ? operatorsCopy.enable : operatorsCopy.disable}
										accessibleLabel={`${row.disabledAt ? operatorsCopy.enable : operatorsCopy.disable}: ${row.displayName}`}
										tone={row.disabledAt ? 'secondary' : 'danger'}
									/>
								</div>
							)}
						</td>
					</tr>
				))}
			</ConsoleTable>
			<ConsoleSection heading={operatorsCopy.inviteHeading} intro={operatorsCopy.inviteIntro}>
				<InviteForm initial={inviteResult} />
			</ConsoleSection>
			<ConsoleSection heading={operatorsCopy.pendingHeading}>
				{invitations.length === 0 ? (
					<p className="text-slate-600">{operatorsCopy.pendingNone}</p>
				) : (
					<ul className="divide-y divide-slate-200">
						{invitations.map((invitation) => (
							<li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
								<span>
									<span className="break-all font-medium text-slate-900">{invitation.email}</span>{' '}
									<span className="text-sm text-slate-600">
										{operatorsCopy.expires} <Moment value={invitation.expiresAt} />
									</span>
								</span>
								<RowActionButton
									action={rowAction}
									csrfToken={csrfToken}
									fields={{ intent: 'revoke', id: String(invitation.id) }}
									label={operatorsCopy.revoke}
									accessibleLabel={`${operatorsCopy.revoke}: ${invitation.email ?? ''}`}
								/>
							</li>
						))}
					</ul>
				)}
			</ConsoleSection>
		</>
	)
}
