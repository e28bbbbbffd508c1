import { useEffect, useRef, useState } from 'react'
import { reviewsCopy } from '#app/content/reviews.ts'
import { useSite } from '#app/features/site/use-site.ts'
import type { ReviewsStart, ReviewsWidgetConfig } from '#app/features/widgets/reviews-loader.ts'
import { ExternalLink } from '#app/ui/external-link.tsx'

const messageClass = 'rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700'
// Out of the flow, so the widget appearing under it or it disappearing moves nothing.
const overlayClass = `absolute inset-x-0 top-0 ${messageClass}`

/** The link to our page on the review platform (`REVIEWS_PAGE_URL`), shown wherever the widget is not. */
export function ReviewsProviderLink({ href }: { href: string }) {
	return (
		<ExternalLink href={href} className="mt-3 inline-block font-semibold text-brand-700 underline">
			{reviewsCopy.providerLink}
		</ExternalLink>
	)
}

/**
 * The configured third-party reviews widget in a container of fixed minimum height, so nothing shifts when it appears.
 * `retry` (home) polls for the provider every 100 ms for 5 s; `delayed` (/reviews) starts 500 ms after its script loaded.
 */
export function ReviewsWidget({
	widget,
	start,
	className = '',
}: {
	widget: ReviewsWidgetConfig
	start: ReviewsStart
	className?: string
}) {
	const { reviewsPageUrl } = useSite()
	const mount = useRef<HTMLDivElement>(null)
	const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

	useEffect(() => {
		const container = mount.current
		if (!container) return
		let cancel: (() => void) | undefined
		let unmounted = false
		// Fetched after hydration, so the provider's loader never weighs on the first load.
		import('#app/features/widgets/reviews-loader.ts').then(
			({ startReviewsWidget }) => {
				if (unmounted) return
				cancel = startReviewsWidget(widget, container, start, (ready) => setState(ready ? 'ready' : 'failed'))
			},
			(error: unknown) => {
				console.warn('The reviews widget loader did not load:', error)
				setState('failed')
			},
		)
		return () => {
			unmounted = true
			cancel?.()
		}
	}, [widget, start])

	const providerLink = reviewsPageUrl ? <ReviewsProviderLink href={reviewsPageUrl} /> : null
	return (
		<div className={`relative ${className}`} data-widget="reviews" data-state={state}>
			<div ref={mount} id={reviewsCopy.widgetId} />
			{state === 'loading' ? (
				<p className={`js-only ${overlayClass}`} role="status">
					{reviewsCopy.loading}
				</p>
			) : null}
			{state === 'failed' ? (
				<div className={`js-only ${overlayClass}`}>
					<p>{reviewsCopy.unavailable}</p>
					{providerLink}
				</div>
			) : null}
			<noscript>
				<div className={messageClass}>
					<p>{reviewsCopy.noScript}</p>
					{providerLink}
				</div>
			</noscript>
		</div>
	)
}
