import { type ReactNode, useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { sendingOffCopy } from '#app/content/console.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { showToast } from '#app/ui/toast.ts'
import { useConsole } from './use-console.ts'

/** A console filter's select or input. */
export const consoleFieldClass =
	'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600'

/** The session's token every console form sends back; a form made on another site cannot know it. */
export function CsrfField({ token }: { token: string }) {
	return <input type="hidden" name={CSRF_FIELD} value={token} />
}

/** Toasts a fetcher's answer once, as the console's lead forms do. */
export function useResultToast(result: SubmissionResult | undefined) {
	const shown = useRef<SubmissionResult | undefined>(undefined)
	useEffect(() => {
		if (!result || shown.current === result) return
		shown.current = result
		void showToast(result.tone, result.message)
	}, [result])
}

/** One button that posts one intent about one row (disable, revoke, end a session), with or without JavaScript. */
export function RowActionButton({
	action,
	csrfToken,
	fields,
	label,
	accessibleLabel,
	tone = 'secondary',
}: {
	action: string
	csrfToken: string
	fields: Record<string, string>
	label: string
	/** The label with the row's name, for lists of identical buttons. */
	accessibleLabel?: string
	tone?: 'secondary' | 'danger'
}) {
	const fetcher = useFetcher<SubmissionResult>()
	const shownOnce = fetcher.data?.shownOnce
	useResultToast(shownOnce ? undefined : fetcher.data)
	const className =
		tone === 'danger'
			? `${buttonClass('secondary', 'md')} border-red-300 text-red-800 hover:bg-red-50`
			: buttonClass('secondary', 'md')
	return (
		<fetcher.Form method="post" action={action}>
			<CsrfField token={csrfToken} />
			{Object.entries(fields).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<button type="submit" className={className} aria-label={accessibleLabel} disabled={fetcher.state !== 'idle'}>
				{label}
			</button>
			{shownOnce && fetcher.data ? <ShownOnceLink message={fetcher.data.message} link={shownOnce} /> : null}
		</fetcher.Form>
	)
}

/** A secret link shown once (an invitation, a password reset): selectable text, never a clickable link. */
export function ShownOnceLink({ message, link }: { message: string; link: string }) {
	return (
		<div role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
			<p>{message}</p>
			<p className="mt-2 break-all rounded bg-white px-3 py-2 font-mono text-sm text-slate-900">{link}</p>
		</div>
	)
}

/** A bordered section of a console page. */
export function ConsoleSection({ heading, intro, children }: { heading: string; intro?: string; children: ReactNode }) {
	return (
		<section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
			<h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
			{intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
			<div className="mt-4">{children}</div>
		</section>
	)
}

/**
 * A change that asks first, with or without JavaScript: the button opens a disclosure that says what will happen and
 * holds the button that does it.
 */
export function ConfirmedChange({
	summary,
	subject,
	question,
	children,
}: {
	summary: string
	/** What the change is to (a row's name), read out after the summary where many rows share it. */
	subject?: string
	question: string
	children: ReactNode
}) {
	return (
		<details className="rounded-md border border-slate-300 px-3 py-2">
			<summary className="min-h-6 cursor-pointer text-sm font-medium text-slate-900">
				{summary}
				{subject ? <span className="sr-only">: {subject}</span> : null}
			</summary>
			<p className="mt-2 max-w-xs text-sm text-slate-700">{question}</p>
			<div className="mt-2">{children}</div>
		</details>
	)
}

/** Where email matters (subscribers, the outbox), says when the site cannot send any. */
export function SendingOffNotice() {
	const { sendingOff } = useConsole()
	if (!sendingOff) return null
	return (
		<div role="note" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
			<p className="font-semibold">{sendingOffCopy.heading}</p>
			<p className="mt-1">{sendingOffCopy.text}</p>
		</div>
	)
}
