import { pricingFaqs } from '../../content/faqs.ts'
import { pricingCopy } from '../../content/plans.ts'
import { buttonClass } from '../../ui/button.ts'
import { BetaApplicationDialog } from '../leads/beta-application-dialog.tsx'
import { FaqAccordion } from '../marketing/faq-accordion.tsx'
import { useSite } from '../site/use-site.ts'
import { PricingPlans } from './pricing-plans.tsx'

export function PricingPage() {
	const site = useSite()
	return (
		<>
			<section className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
				<div className="mx-auto max-w-3xl text-center">
					<h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{pricingCopy.heading}</h1>
					<p className="mt-4 text-lg text-slate-700">{pricingCopy.lead}</p>
				</div>
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
			<section aria-labelledby="beta-heading" className="bg-brand-900 py-16 text-white">
				<div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
					<h2 id="beta-heading" className="text-3xl font-bold tracking-tight">
						{pricingCopy.beta.heading}
					</h2>
					<p className="mt-4 text-lg text-brand-100">{pricingCopy.beta.text}</p>
					<div className="mt-8">
						<BetaApplicationDialog triggerLabel={pricingCopy.beta.apply} triggerClassName={buttonClass('inverted')} />
					</div>
				</div>
			</section>
			<section aria-labelledby="pricing-faq-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
				<h2 id="pricing-faq-heading" className="text-3xl font-bold tracking-tight text-slate-900">
					{pricingCopy.faqHeading}
				</h2>
				<div className="mt-8">
					<FaqAccordion name="pricing-faq" faqs={pricingFaqs} />
				</div>
			</section>
		</>
	)
}
