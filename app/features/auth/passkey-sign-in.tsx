import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useState } from 'react'
import { confirmCopy, signInCopy } from '#app/content/console.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { CSRF_HEADER } from '#app/forms/csrf.ts'
import { buttonClass } from '#app/ui/button.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { browserHasPasskeys, postPasskeyStep } from './passkey-requests.ts'

type Options = { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }

type PasskeyCopy = { intro: string; button: string; working: string; failed: string }

/**
 * A passkey instead of the password, shown only once the page runs in a browser that has WebAuthn: a challenge from
 * `path`, the browser's prompt, the answer checked there; on success the browser loads the page the answer names as a
 * document (a new session's cookie came with it, or the session now counts as confirmed).
 */
function PasskeyAuthentication({
	path,
	headers,
	next,
	hostNote,
	copy,
}: {
	path: string
	headers?: Record<string, string>
	next: string
	hostNote: string | null
	copy: PasskeyCopy
}) {
	const hydrated = useHydrated()
	const [working, setWorking] = useState(false)
	const [failed, setFailed] = useState(false)
	if (hostNote) return <p className="mt-6 border-t border-slate-200 pt-6 text-sm text-slate-600">{hostNote}</p>
	if (!hydrated || !browserHasPasskeys()) return null

	async function authenticate() {
		setWorking(true)
		setFailed(false)
		try {
			// The WebAuthn helper is its own chunk, loaded only when someone uses a passkey.
			const [{ challengeId, options }, { startAuthentication }] = await Promise.all([
				postPasskeyStep<Options>(path, { step: 'options' }, headers),
				import('@simplewebauthn/browser'),
			])
			const response = await startAuthentication({ optionsJSON: options })
			const { redirectTo } = await postPasskeyStep<{ redirectTo: string }>(
				path,
				{ step: 'verify', challengeId, response, next },
				headers,
			)
			window.location.assign(redirectTo)
		} catch {
			// A refusal, a cancelled prompt or a network failure: the same message, and the password form still works.
			setFailed(true)
			setWorking(false)
		}
	}

	return (
		<div className="mt-6 border-t border-slate-200 pt-6">
			<p className="text-sm text-slate-600">{copy.intro}</p>
			{failed ? (
				<p
					role="alert"
					className="mt-3 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
				>
					{copy.failed}
				</p>
			) : null}
			<button
				type="button"
				className={`${buttonClass('secondary', 'form')} mt-3 w-full`}
				onClick={() => void authenticate()}
				disabled={working}
			>
				{working ? copy.working : copy.button}
			</button>
		</div>
	)
}

/** "Sign in with a passkey" on the sign-in page. */
export function PasskeySignIn({ next, hostNote }: { next: string; hostNote: string | null }) {
	return (
		<PasskeyAuthentication
			path={consolePaths.passkeySignIn}
			next={next}
			hostNote={hostNote}
			copy={{
				intro: signInCopy.orPasskey,
				button: signInCopy.passkey,
				working: signInCopy.passkeyWorking,
				failed: signInCopy.passkeyFailed,
			}}
		/>
	)
}

/** "Confirm with a passkey" on the confirmation page, for an operator who has one. */
export function PasskeyConfirmation({
	next,
	hostNote,
	csrfToken,
}: {
	next: string
	hostNote: string | null
	csrfToken: string
}) {
	return (
		<PasskeyAuthentication
			path={consolePaths.passkeyConfirmation}
			headers={{ [CSRF_HEADER]: csrfToken }}
			next={next}
			hostNote={hostNote}
			copy={{
				intro: confirmCopy.orPasskey,
				button: confirmCopy.passkey,
				working: confirmCopy.passkeyWorking,
				failed: confirmCopy.passkeyFailed,
			}}
		/>
	)
}
