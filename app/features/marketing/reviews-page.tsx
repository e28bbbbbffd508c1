import { Link } from 'react-router'
import { pagePaths } from '#app/content/page-paths.ts'
import { reviewsCopy } from '#app/content/reviews.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { buttonClass } from '#app/ui/button.ts'
import { CtaBand, PageIntro } from '#app/ui/page-sections.tsx'
import { ReviewsProviderLink, ReviewsWidget } from './reviews-widget.tsx'

export function ReviewsPage() {
	const site = useSite()
	return (
		<>
			<section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
				<PageIntro
					heading={reviewsCopy.heading}
					lead={site.reviewsWidget ? reviewsCopy.lead : reviewsCopy.withoutWidget.lead}
				/>
				{site.reviewsWidget ? (
					<ReviewsWidget widget={site.reviewsWidget} start="delayed" className="mt-12 min-h-[600px]" />
				) : (
					// No provider configured: no reviews are coming, so nothing promises them or keeps room for them.
					<div className="mx-auto mt-10 max-w-3xl rounded-xl bg-slate-50 p-8 text-center">
						<p className="text-slate-700">{reviewsCopy.withoutWidget.text}</p>
						<p className="mt-6">
							<Link to={pagePaths.contact} className={buttonClass('primary')}>
								{reviewsCopy.withoutWidget.contact}
							</Link>
						</p>
						{site.reviewsPageUrl ? <ReviewsProviderLink href={site.reviewsPageUrl} /> : null}
					</div>
				)}
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
