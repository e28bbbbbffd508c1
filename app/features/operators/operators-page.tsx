import { useFetcher } from 'react-router'
import { operatorsCopy } from '#app/content/console.ts'
import {
	ConfirmedChange,
	ConsoleSection,
	CsrfField,
	RowActionButton,
	ShownOnceLink,
	useResultToast,
} from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { grantableRoles, invitedRole, mayManage, type OperatorRole } from './roles.ts'

export type OperatorRow = {
	id: number
	email: string
	displayName: string
	lastSignInAt: string | null
	disabledAt: string | null
	role: OperatorRole
	ownershipOfferedAt: string | null
}

export type PendingInvitation = { id: number; email: string | null; role: OperatorRole | null; expiresAt: string }

/** The roles an operator may give, as a labelled select (the invitation's, or a new role for someone). */
function RoleSelect({ id, actor, defaultValue }: { id: string; actor: OperatorRole; defaultValue?: OperatorRole }) {
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-900">
				{operatorsCopy.inviteRole}
			</label>
			<select
				id={id}
				name="role"
				defaultValue={defaultValue}
				className="mt-1 block min-h-11 rounded-md border border-slate-400 bg-white px-3 text-slate-900"
			>
				{grantableRoles(actor).map((role) => (
					<option key={role} value={role}>
						{operatorsCopy.roleLabels[role]}
					</option>
				))}
			</select>
		</div>
	)
}

const rowAction = `${consolePaths.operators}?intent=operator`

const inviteForm = defineForm({
	action: `${consolePaths.operators}?intent=invite`,
	schema: () => import('#app/features/auth/schemas.ts').then((s) => s.inviteSchema),
	fields: { email: { label: operatorsCopy.inviteEmail, type: 'email', required: true, autoComplete: 'off' } },
})

function InviteForm({ initial }: { initial?: SubmissionResult }) {
	const { csrfToken, operator } = useConsole()
	const form = useForm(inviteForm, { initial })
	const result = form.result
	return (
		<>
			<SubmissionForm form={form} label={operatorsCopy.inviteHeading} className="relative space-y-4">
				<CsrfField token={csrfToken} />
				{result?.ok ? null : <FormStatus result={form.inlineResult} />}
				<Field {...form.field('email')} />
				<RoleSelect id="invite-role" actor={operator.role} defaultValue={grantableRoles(operator.role)[0]} />
				<p className="text-sm text-slate-600">{operatorsCopy.roleHelp}</p>
				<SubmitButton
					submitting={form.submitting}
					copy={{ submit: operatorsCopy.invite, submitting: operatorsCopy.inviting }}
				/>
			</SubmissionForm>
			{result?.ok && result.shownOnce ? <ShownOnceLink message={result.message} link={result.shownOnce} /> : null}
		</>
	)
}

/** A posted change to one operator (a role), answered like the row buttons: a toast, or the page without JavaScript. */
function RoleChangeForm({ row, actor, csrfToken }: { row: OperatorRow; actor: OperatorRole; csrfToken: string }) {
	const fetcher = useFetcher<SubmissionResult>()
	useResultToast(fetcher.data)
	return (
		<fetcher.Form method="post" action={rowAction} className="space-y-2">
			<CsrfField token={csrfToken} />
			<input type="hidden" name="intent" value="role" />
			<input type="hidden" name="id" value={String(row.id)} />
			<RoleSelect id={`role-${row.id}`} actor={actor} defaultValue={row.role} />
			<button type="submit" className={buttonClass('secondary', 'md')} disabled={fetcher.state !== 'idle'}>
				{operatorsCopy.changeRole}
			</button>
		</fetcher.Form>
	)
}

/** What the operator may do to another's account; changes that take something away ask first. */
function OperatorActions({ row, actor, csrfToken }: { row: OperatorRow; actor: OperatorRole; csrfToken: string }) {
	const button = (intent: string, label: string, tone?: 'danger') => (
		<RowActionButton
			action={rowAction}
			csrfToken={csrfToken}
			fields={{ intent, id: String(row.id) }}
			label={label}
			accessibleLabel={`${label}: ${row.displayName}`}
			tone={tone}
		/>
	)
	return (
		<div className="flex flex-wrap items-start gap-2">
			{button('reset', operatorsCopy.resetLink)}
			<ConfirmedChange summary={operatorsCopy.changeRole} question={operatorsCopy.confirmRole(row.displayName)}>
				<RoleChangeForm row={row} actor={actor} csrfToken={csrfToken} />
			</ConfirmedChange>
			{row.disabledAt ? (
				button('enable', operatorsCopy.enable)
			) : (
				<ConfirmedChange summary={operatorsCopy.disable} question={operatorsCopy.confirmDisable(row.displayName)}>
					{button('disable', operatorsCopy.disable, 'danger')}
				</ConfirmedChange>
			)}
			{actor === 'owner' && !row.disabledAt ? (
				row.ownershipOfferedAt ? (
					button('withdraw-ownership', operatorsCopy.withdrawOffer)
				) : (
					<ConfirmedChange
						summary={operatorsCopy.offerOwnership}
						question={operatorsCopy.confirmOffer(row.displayName)}
					>
						{button('offer-ownership', operatorsCopy.offerOwnership, 'danger')}
					</ConfirmedChange>
				)
			) : null}
		</div>
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
				columns={[
					operatorsCopy.columns.name,
					operatorsCopy.columns.email,
					operatorsCopy.columns.status,
					operatorsCopy.columns.lastSignIn,
					operatorsCopy.columnsRole,
					operatorsCopy.columns.actions,
				]}
				minWidth="sm:min-w-[40rem]"
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
							{operatorsCopy.roleLabels[row.role]}
							{row.ownershipOfferedAt ? (
								<span className="block text-sm text-slate-600">{operatorsCopy.offerPending}</span>
							) : null}
						</td>
						<td className="px-4 py-3">
							{row.id === me.id || !mayManage(me.role, row.role) ? null : (
								<OperatorActions row={row} actor={me.role} csrfToken={csrfToken} />
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
										{operatorsCopy.roleLabels[invitedRole(invitation.role)]} · {operatorsCopy.expires}{' '}
										<Moment value={invitation.expiresAt} />
									</span>
								</span>
								{mayManage(me.role, invitedRole(invitation.role)) ? (
									<ConfirmedChange
										summary={operatorsCopy.revoke}
										subject={invitation.email ?? ''}
										question={operatorsCopy.revokeQuestion}
									>
										<RowActionButton
											action={rowAction}
											csrfToken={csrfToken}
											fields={{ intent: 'revoke', id: String(invitation.id) }}
											label={operatorsCopy.revoke}
											accessibleLabel={`${operatorsCopy.revoke}: ${invitation.email ?? ''}`}
											tone="danger"
										/>
									</ConfirmedChange>
								) : null}
							</li>
						))}
					</ul>
				)}
			</ConsoleSection>
		</>
	)
}
