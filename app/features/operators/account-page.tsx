import type { ReactNode } from 'react'
import { accountCopy, consoleLimits, passwordCopy, timeCopy } from '#app/content/console.ts'
import { ConsoleSection, CsrfField, RowActionButton } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { defineForm, Field, FormStatus, SelectField, SubmissionForm, SubmitButton, useForm } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'

export type SessionRow = { key: string; device: string; createdAt: string; lastSeenAt: string; current: boolean }

export const accountActions = {
	sessions: `${consolePaths.account}?intent=sessions`,
	password: `${consolePaths.account}?intent=password`,
	timeZone: `${consolePaths.account}?intent=time-zone`,
	passkeys: `${consolePaths.account}?intent=passkeys`,
} as const

const changePasswordForm = defineForm({
	action: accountActions.password,
	schema: () => import('#app/features/auth/schemas.ts').then((s) => s.changePasswordSchema),
	fields: {
		currentPassword: {
			label: accountCopy.currentPassword,
			type: 'password',
			required: true,
			autoComplete: 'current-password',
		},
		password: {
			label: accountCopy.newPassword,
			type: 'password',
			required: true,
			maxLength: consoleLimits.passwordMax,
			autoComplete: 'new-password',
			hint: passwordCopy.hint,
		},
	},
})

const timeZoneForm = defineForm({
	action: accountActions.timeZone,
	schema: () => import('./time-zone-schema.ts').then((s) => s.timeZoneSchema),
	fields: { timeZone: { label: timeCopy.label } },
})

/** The zone the console's times are in: a choice, or the browser's (the default). */
function TimeZoneForm({ zones, initial }: { zones: string[]; initial?: SubmissionResult }) {
	const { csrfToken, timeZone } = useConsole()
	// A saved choice stays shown: the select keeps what was picked rather than going back to the page's first value.
	const form = useForm(timeZoneForm, { initial, toasts: true, resetAfterSuccess: false })
	const field = form.field('timeZone')
	return (
		<SubmissionForm form={form} label={timeCopy.heading} className="relative max-w-md space-y-4">
			<CsrfField token={csrfToken} />
			<FormStatus result={form.inlineResult} />
			<SelectField
				{...field}
				defaultValue={field.defaultValue ?? timeZone.chosen ?? ''}
				options={[{ value: '', label: timeCopy.browser }, ...zones.map((zone) => ({ value: zone, label: zone }))]}
			/>
			<SubmitButton submitting={form.submitting} copy={{ submit: timeCopy.save, submitting: timeCopy.saving }} />
		</SubmissionForm>
	)
}

function ChangePasswordForm({ initial }: { initial?: SubmissionResult }) {
	const { csrfToken } = useConsole()
	const form = useForm(changePasswordForm, { initial, toasts: true })
	return (
		<SubmissionForm form={form} label={accountCopy.passwordHeading} className="relative max-w-md space-y-4">
			<CsrfField token={csrfToken} />
			<FormStatus result={form.inlineResult} />
			<Field {...form.field('currentPassword')} />
			<Field {...form.field('password')} />
			<SubmitButton
				submitting={form.submitting}
				copy={{ submit: accountCopy.changePassword, submitting: accountCopy.changingPassword }}
			/>
		</SubmissionForm>
	)
}

export function AccountPage({
	sessions,
	passkeys,
	sessionsResult,
	passwordResult,
	timeZones,
	timeZoneResult,
}: {
	sessions: SessionRow[]
	timeZones: string[]
	timeZoneResult?: SubmissionResult
	/** The passkeys section, which needs the browser's WebAuthn API. */
	passkeys: ReactNode
	sessionsResult?: SubmissionResult
	passwordResult?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	return (
		<>
			<ConsolePageHeader heading={accountCopy.heading} />
			<ConsoleSection heading={accountCopy.sessionsHeading} intro={accountCopy.sessionsIntro}>
				<FormStatus result={sessionsResult} />
				<ul className="divide-y divide-slate-200">
					{sessions.map((session) => (
						<li key={session.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
							<div>
								<p className="font-medium text-slate-900">
									{session.device}
									{session.current ? ` (${accountCopy.thisDevice})` : ''}
								</p>
								<p className="text-sm text-slate-600">
									{accountCopy.lastSeen} <Moment value={session.lastSeenAt} /> · {accountCopy.signedIn}{' '}
									<Moment value={session.createdAt} />
								</p>
							</div>
							<RowActionButton
								action={accountActions.sessions}
								csrfToken={csrfToken}
								fields={{ intent: 'end', session: session.key }}
								label={accountCopy.endSession}
								accessibleLabel={`${accountCopy.endSession}: ${session.device}${session.current ? ` (${accountCopy.thisDevice})` : ''}`}
							/>
						</li>
					))}
				</ul>
				{sessions.length > 1 ? (
					<div className="mt-4">
						<RowActionButton
							action={accountActions.sessions}
							csrfToken={csrfToken}
							fields={{ intent: 'end-others', session: '' }}
							label={accountCopy.endOthers}
							tone="danger"
						/>
					</div>
				) : null}
			</ConsoleSection>
			{passkeys}
			<ConsoleSection heading={accountCopy.passwordHeading}>
				<ChangePasswordForm initial={passwordResult} />
			</ConsoleSection>
			<ConsoleSection heading={timeCopy.heading} intro={timeCopy.intro}>
				<TimeZoneForm zones={timeZones} initial={timeZoneResult} />
			</ConsoleSection>
		</>
	)
}
