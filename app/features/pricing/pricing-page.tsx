import { pricingFaqs } from '#app/content/faqs.ts'
import { pricingCopy } from '#app/content/plans.ts'
import { BetaApplicationDialog } from '#app/features/leads/beta-application-dialog.tsx'
import { FaqSection } from '#app/features/marketing/faq-accordion.tsx'
import { useSite } from '#app/features/site/use-site.ts'
import { buttonClass } from '#app/ui/button.ts'
import { CtaBand, PageIntro } from '#app/ui/page-sections.tsx'
import { PricingPlans } from './pricing-plans.tsx'

export function PricingPage() {
	const site = useSite()
	return (
		<>
			<section className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
				<PageIntro heading={pricingCopy.heading} lead={pricingCopy.lead} />
				<aside
					aria-label={pricingCopy.banner.title}
					className="mx-auto mt-10 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-5 text-center"
				>
					<p className="font-bold text-amber-900">{pricingCopy.banner.title}</p>
					<p className="mt-1 text-amber-900">{pricingCopy.banner.text}</p>
				</aside>
			</section>
			<section aria-labelledby="plans-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
				<h2 id="plans-heading" className="sr-only">
					{pricingCopy.plansHeading}
				</h2>
				<PricingPlans appUrl={site.appUrl} />
				<ul className="mx-auto mt-10 grid max-w-4xl gap-3 text-sm text-slate-700 sm:grid-cols-2">
					{pricingCopy.assurances.map((assurance) => (
						<li key={assurance} className="rounded-lg bg-slate-50 px-4 py-3">
							{assurance}
						</li>
					))}
				</ul>
			</section>
			<CtaBand id="beta-heading" heading={pricingCopy.beta.heading} text={pricingCopy.beta.text}>
				<BetaApplicationDialog triggerLabel={pricingCopy.beta.apply} triggerClassName={buttonClass('inverted')} />
			</CtaBand>
			<FaqSection id="pricing-faq-heading" heading={pricingCopy.faqHeading} name="pricing-faq" faqs={pricingFaqs} />
		</>
	)
}
