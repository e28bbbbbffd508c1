import { Link } from 'react-router'
import { reviewsCopy } from '../../content/reviews.ts'
import { buttonClass } from '../../ui/button.ts'
import { useSite } from '../site/use-site.ts'
import { ReviewsWidget } from './reviews-widget.tsx'

export function ReviewsPage() {
	const site = useSite()
	return (
		<>
			<section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
				<div className="mx-auto max-w-3xl text-center">
					<h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{reviewsCopy.heading}</h1>
					<p className="mt-4 text-lg text-slate-700">{reviewsCopy.lead}</p>
				</div>
				<ReviewsWidget start="delayed" className="mt-12 min-h-[600px]" />
			</section>
			<section aria-labelledby="join-heading" className="bg-brand-900 py-16 text-white">
				<div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
					<h2 id="join-heading" className="text-3xl font-bold tracking-tight">
						{reviewsCopy.cta.heading}
					</h2>
					<p className="mt-4 text-lg text-brand-100">{reviewsCopy.cta.text}</p>
					<div className="mt-8 flex flex-wrap justify-center gap-3">
						<a href={`${site.appUrl}/register`} className={buttonClass('inverted')}>
							{reviewsCopy.cta.startTrial}
						</a>
						<Link to="/pricing" className={buttonClass('outlineInverted')}>
							{reviewsCopy.cta.viewPricing}
						</Link>
					</div>
				</div>
			</section>
		</>
	)
}
