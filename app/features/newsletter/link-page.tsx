import { Form } from 'react-router'
import type { newsletterCopy } from '#app/content/newsletter.ts'
import { buttonClass } from '#app/ui/button.ts'

export type LinkPageState = 'confirm' | 'done' | 'invalid' | 'resubscribed'

/** The copy of a page an email links to: what it asks, what it did, and what it says of a bad link. */
type LinkPageCopy = (typeof newsletterCopy)['unsubscribe' | 'confirm']

/**
 * A page an email's link opens (unsubscribe, confirm a sign-up): it asks with a button before it acts, since link
 * scanners follow links; the one-click POST of mail apps skips it.
 */
export function NewsletterLinkPage({
	copy,
	state,
	token,
}: {
	copy: LinkPageCopy
	state: LinkPageState
	token: string
}) {
	const resubscribe = 'resubscribeButton' in copy ? copy : null
	const [heading, text] =
		state === 'done'
			? [copy.doneHeading, copy.doneText]
			: state === 'invalid'
				? [copy.invalidHeading, copy.invalidText]
				: state === 'resubscribed' && resubscribe
					? [resubscribe.resubscribedHeading, resubscribe.resubscribedText]
					: [copy.confirmHeading, copy.confirmText]
	const action = (intent?: string) =>
		`${copy.path}?token=${encodeURIComponent(token)}${intent ? `&intent=${intent}` : ''}`
	return (
		<section className="mx-auto max-w-xl px-4 py-16 sm:px-6 lg:px-8">
			<h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
			<p className="mt-4 text-lg text-slate-700">{text}</p>
			{state === 'confirm' ? (
				<Form method="post" action={action()} className="mt-8">
					<button type="submit" className={buttonClass('primary', 'form')}>
						{copy.confirmButton}
					</button>
				</Form>
			) : null}
			{state === 'done' && resubscribe ? (
				<Form method="post" action={action('resubscribe')} className="mt-8">
					<button type="submit" className={buttonClass('secondary', 'form')}>
						{resubscribe.resubscribeButton}
					</button>
				</Form>
			) : null}
		</section>
	)
}
