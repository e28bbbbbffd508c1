import { Form } from 'react-router'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { buttonClass } from '#app/ui/button.ts'

export type UnsubscribeState = 'confirm' | 'done' | 'invalid'

/** Asks before unsubscribing (link scanners follow links); the one-click POST of mail apps skips this page. */
export function UnsubscribePage({ state, token }: { state: UnsubscribeState; token: string }) {
	const copy = newsletterCopy.unsubscribe
	const [heading, text] =
		state === 'done'
			? [copy.doneHeading, copy.doneText]
			: state === 'invalid'
				? [copy.invalidHeading, copy.invalidText]
				: [copy.confirmHeading, copy.confirmText]
	return (
		<section className="mx-auto max-w-xl px-4 py-16 sm:px-6 lg:px-8">
			<h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
			<p className="mt-4 text-lg text-slate-700">{text}</p>
			{state === 'confirm' ? (
				<Form method="post" action={`${copy.path}?token=${encodeURIComponent(token)}`} className="mt-8">
					<button type="submit" className={buttonClass('primary', 'form')}>
						{copy.confirmButton}
					</button>
				</Form>
			) : null}
		</section>
	)
}
