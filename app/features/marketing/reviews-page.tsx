import { Link } from 'react-router'
import { pagePaths } from '../../content/page-paths.ts'
import { reviewsCopy } from '../../content/reviews.ts'
import { buttonClass } from '../../ui/button.ts'
import { CtaBand, PageIntro } from '../../ui/page-sections.tsx'
import { useSite } from '../site/use-site.ts'
import { ReviewsWidget } from './reviews-widget.tsx'

export function ReviewsPage() {
	const site = useSite()
	return (
		<>
			<section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
				<PageIntro heading={reviewsCopy.heading} lead={reviewsCopy.lead} />
				<ReviewsWidget start="delayed" className="mt-12 min-h-[600px]" />
			</section>
			<CtaBand id="join-heading" heading={reviewsCopy.cta.heading} text={reviewsCopy.cta.text}>
				<a href={`${site.appUrl}/register`} className={buttonClass('inverted')}>
					{reviewsCopy.cta.startTrial}
				</a>
				<Link to={pagePaths.pricing} className={buttonClass('outlineInverted')}>
					{reviewsCopy.cta.viewPricing}
				</Link>
			</CtaBand>
		</>
	)
}
