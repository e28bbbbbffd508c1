import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useState } from 'react'
import { signInCopy } from '#app/content/console.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { buttonClass } from '#app/ui/button.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { browserHasPasskeys, postPasskeyStep } from './passkey-requests.ts'

type Options = { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }

/**
 * "Sign in with a passkey", shown only once the page runs in a browser that has WebAuthn. On success the browser
 * loads the next page as a document, so the session cookie that came with the answer is used from then on.
 */
export function PasskeySignIn({ next, hostNote }: { next: string; hostNote: string | null }) {
	const hydrated = useHydrated()
	const [working, setWorking] = useState(false)
	const [failed, setFailed] = useState(false)
	if (hostNote) return <p className="mt-6 border-t border-slate-200 pt-6 text-sm text-slate-600">{hostNote}</p>
	if (!hydrated || !browserHasPasskeys()) return null

	async function signIn() {
		setWorking(true)
		setFailed(false)
		try {
			// The WebAuthn helper is its own chunk, loaded only when someone uses a passkey.
			const [{ challengeId, options }, { startAuthentication }] = await Promise.all([
				postPasskeyStep<Options>(consolePaths.passkeySignIn, { step: 'options' }),
				import('@simplewebauthn/browser'),
			])
			const response = await startAuthentication({ optionsJSON: options })
			const { redirectTo } = await postPasskeyStep<{ redirectTo: string }>(consolePaths.passkeySignIn, {
				step: 'verify',
				challengeId,
				response,
				next,
			})
			window.location.assign(redirectTo)
		} catch {
			// A refusal, a cancelled prompt or a network failure: the same message, and the password form still works.
			setFailed(true)
			setWorking(false)
		}
	}

	return (
		<div className="mt-6 border-t border-slate-200 pt-6">
			<p className="text-sm text-slate-600">{signInCopy.orPasskey}</p>
			{failed ? (
				<p
					role="alert"
					className="mt-3 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
				>
					{signInCopy.passkeyFailed}
				</p>
			) : null}
			<button
				type="button"
				className={`${buttonClass('secondary', 'form')} mt-3 w-full`}
				onClick={() => void signIn()}
				disabled={working}
			>
				{working ? signInCopy.passkeyWorking : signInCopy.passkey}
			</button>
		</div>
	)
}
