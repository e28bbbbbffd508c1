import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { type FormEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { accountCopy, consoleLimits } from '#app/content/console.ts'
import { ConfirmedChange, ConsoleSection, RowActionButton } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { Moment } from '#app/features/console/moment.tsx'
import { useConsole } from '#app/features/console/use-console.ts'
import { accountActions } from '#app/features/operators/account-page.tsx'
import { CSRF_HEADER } from '#app/forms/csrf.ts'
import { Field, FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { showToast } from '#app/ui/toast.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { browserHasPasskeys, PasskeyRequestError, postPasskeyStep } from './passkey-requests.ts'

/** One of the operator's passkeys as the account page lists it. */
export type PasskeyListRow = { id: string; name: string; createdAt: string; lastUsedAt: string | null }

type Options = { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }

/**
 * The name and current-password fields and the button that create a passkey in the browser; they need JavaScript and
 * WebAuthn. The password is checked before the browser is asked for a passkey.
 */
function AddPasskeyForm() {
	const hydrated = useHydrated()
	const { csrfToken } = useConsole()
	const revalidator = useRevalidator()
	const [working, setWorking] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const [passwordError, setPasswordError] = useState<string | undefined>(undefined)

	if (!hydrated) return <p className="mt-6 text-sm text-slate-600">{accountCopy.passkeyNeedsScript}</p>
	if (!browserHasPasskeys()) return <p className="mt-6 text-sm text-slate-600">{accountCopy.passkeyUnsupported}</p>

	async function add(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const form = event.currentTarget
		const data = new FormData(form)
		const name = String(data.get('name') ?? '')
		const currentPassword = String(data.get('currentPassword') ?? '')
		const headers = { [CSRF_HEADER]: csrfToken }
		setWorking(true)
		setError(null)
		setPasswordError(undefined)
		try {
			// The WebAuthn helper is its own chunk, loaded only when someone adds a passkey.
			const [{ challengeId, options }, { startRegistration }] = await Promise.all([
				postPasskeyStep<Options>(consolePaths.passkeyRegistration, { step: 'options', currentPassword }, headers),
				import('@simplewebauthn/browser'),
			])
			const response = await startRegistration({ optionsJSON: options })
			await postPasskeyStep(consolePaths.passkeyRegistration, { step: 'verify', challengeId, response, name }, headers)
			form.reset()
			await revalidator.revalidate()
			void showToast('success', accountCopy.passkeyAdded)
		} catch (failure) {
			// A refusal names its reason (a wrong password, an ended session, a stale page); a cancelled prompt gets the
			// general message.
			const refusal = failure instanceof PasskeyRequestError ? failure : null
			setError(refusal?.message || accountCopy.passkeyFailed)
			const wrongPassword = refusal?.fieldErrors.currentPassword
			setPasswordError(wrongPassword)
			const field = form.elements.namedItem('currentPassword')
			if (wrongPassword && field instanceof HTMLInputElement) {
				field.value = ''
				field.focus()
			}
		} finally {
			setWorking(false)
		}
	}

	return (
		<form onSubmit={(event) => void add(event)} aria-label={accountCopy.addPasskey} className="mt-6 max-w-md space-y-4">
			{error ? (
				<p
					role="alert"
					className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
				>
					{error}
				</p>
			) : null}
			<Field
				name="name"
				label={accountCopy.passkeyName}
				hint={accountCopy.passkeyNameHint}
				maxLength={consoleLimits.passkeyName}
				autoComplete="off"
			/>
			<Field
				name="currentPassword"
				type="password"
				label={accountCopy.currentPassword}
				hint={accountCopy.passkeyPasswordHint}
				maxLength={consoleLimits.passwordMax}
				autoComplete="current-password"
				required
				error={passwordError}
			/>
			<button type="submit" className={buttonClass('primary', 'form')} disabled={working}>
				{working ? accountCopy.addingPasskey : accountCopy.addPasskey}
			</button>
		</form>
	)
}

/** The account page's passkeys: each with when it was added and last used and a Remove button, then "Add". */
export function PasskeysSection({
	passkeys,
	hostNote,
	result,
}: {
	passkeys: PasskeyListRow[]
	/** Why passkeys cannot be added at this address, if they cannot. */
	hostNote: string | null
	result?: SubmissionResult
}) {
	const { csrfToken } = useConsole()
	return (
		<ConsoleSection heading={accountCopy.passkeysHeading} intro={accountCopy.passkeysIntro}>
			<FormStatus result={result} />
			{passkeys.length === 0 ? (
				<p className="text-slate-600">{accountCopy.passkeysNone}</p>
			) : (
				<ul className="divide-y divide-slate-200">
					{passkeys.map((passkey) => (
						<li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
							<div>
								<p className="font-medium break-all text-slate-900">{passkey.name}</p>
								<p className="text-sm text-slate-600">
									{accountCopy.added} <Moment value={passkey.createdAt} /> ·{' '}
									{passkey.lastUsedAt ? (
										<>
											{accountCopy.lastUsed} <Moment value={passkey.lastUsedAt} />
										</>
									) : (
										accountCopy.neverUsed
									)}
								</p>
							</div>
							<ConfirmedChange
								summary={accountCopy.removePasskey}
								subject={passkey.name}
								question={accountCopy.removePasskeyQuestion}
							>
								<RowActionButton
									action={accountActions.passkeys}
									csrfToken={csrfToken}
									fields={{ intent: 'remove', id: passkey.id }}
									label={accountCopy.removePasskey}
									accessibleLabel={`${accountCopy.removePasskey}: ${passkey.name}`}
									tone="danger"
								/>
							</ConfirmedChange>
						</li>
					))}
				</ul>
			)}
			{hostNote ? <p className="mt-6 text-sm text-slate-700">{hostNote}</p> : <AddPasskeyForm />}
		</ConsoleSection>
	)
}
