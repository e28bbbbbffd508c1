import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { pagePaths } from '#app/content/page-paths.ts'
import { supportCopy } from '#app/content/support.ts'
import { buttonClass } from '#app/ui/button.ts'
import type { HelpCenterWidgetConfig } from './help-center-loader.ts'

const messageClass = 'rounded-lg border border-slate-200 bg-slate-50 p-6 text-center text-slate-700'

function scrollTopOnArticleClick(event: MouseEvent) {
	// The widget may render in a shadow root, so look along the composed path rather than at the retargeted target.
	if (event.nativeEvent.composedPath().some((node) => node instanceof HTMLAnchorElement)) window.scrollTo({ top: 0 })
}

/** The help center's Contact Support link; each place that shows it gives its own button style. */
export function ContactSupportLink({ className }: { className: string }) {
	return (
		<Link to={pagePaths.contact} className={className}>
			{supportCopy.contact.cta}
		</Link>
	)
}

/** The configured knowledge-base widget (an external script defining a custom element), with a loading state and a contact fallback. */
export function HelpCenterWidget({ widget }: { widget: HelpCenterWidgetConfig }) {
	const mount = useRef<HTMLDivElement>(null)
	const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

	useEffect(() => {
		const container = mount.current
		if (!container) return
		let cancel: (() => void) | undefined
		let unmounted = false
		// Fetched after hydration, so the provider's loader never weighs on the first load.
		import('./help-center-loader.ts').then(
			({ startHelpCenterWidget }) => {
				if (unmounted) return
				cancel = startHelpCenterWidget(widget, container, (ready) => setState(ready ? 'ready' : 'failed'))
			},
			(error: unknown) => {
				console.warn('The help center widget loader did not load:', error)
				setState('failed')
			},
		)
		return () => {
			unmounted = true
			cancel?.()
		}
	}, [widget])

	return (
		<section
			aria-label={supportCopy.widgetLabel}
			className="relative mt-10 min-h-[400px]"
			data-widget="help-center"
			data-state={state}
		>
			{/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for the widget's own link clicks to scroll up */}
			{/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard activation of a link fires click too */}
			<div ref={mount} id={supportCopy.widgetId} onClick={scrollTopOnArticleClick} />
			{state === 'loading' ? (
				<p className={`js-only absolute inset-x-0 top-0 ${messageClass}`} role="status">
					{supportCopy.loading}
				</p>
			) : null}
			{state === 'failed' ? (
				<div className={`absolute inset-x-0 top-0 ${messageClass}`}>
					<p>{supportCopy.unavailable}</p>
					<p className="mt-4">
						<ContactSupportLink className={buttonClass('primary')} />
					</p>
				</div>
			) : null}
			<noscript>
				<p className={messageClass}>{supportCopy.noScript}</p>
			</noscript>
		</section>
	)
}
