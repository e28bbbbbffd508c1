import { Link } from 'react-router'
import { howItWorksFaqs } from '#app/content/faqs.ts'
import { howItWorksCopy } from '#app/content/how-it-works.ts'
import { layers } from '#app/content/layers.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { BetaApplicationDialog } from '#app/features/leads/beta-application-dialog.tsx'
import { useSite } from '#app/features/site/use-site.ts'
import { buttonClass } from '#app/ui/button.ts'
import { ExternalLink } from '#app/ui/external-link.tsx'
import { CtaBand } from '#app/ui/page-sections.tsx'
import { FaqSection } from './faq-accordion.tsx'
import { LayerCards } from './layer-cards.tsx'

const { hero, steps, strategyCall } = howItWorksCopy

export function HowItWorksPage() {
	const site = useSite()
	return (
		<>
			<section className="bg-gradient-to-b from-brand-50 to-white">
				<div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:py-24">
					<p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{hero.eyebrow}</p>
					<h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{hero.heading}</h1>
					<p className="mt-6 text-lg text-slate-700">{hero.lead}</p>
					<p className="mt-8">
						<a href={`#${steps.id}`} className={buttonClass('primary')}>
							{hero.seeSteps}
						</a>
					</p>
				</div>
			</section>
			<section id={steps.id} aria-labelledby="steps-heading" className="scroll-mt-20 py-16">
				<div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
					<h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
						{steps.heading}
					</h2>
					<p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{steps.lead}</p>
					<ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
						{steps.items.map((step, index) => (
							<li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
								<span
									aria-hidden="true"
									className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
								>
									{index + 1}
								</span>
								<h3 className="mt-4 text-lg font-bold text-slate-900">{step.title}</h3>
								<p className="mt-2 text-slate-700">{step.text}</p>
							</li>
						))}
					</ol>
				</div>
			</section>
			<section aria-labelledby="layers-heading" className="bg-slate-50 py-16">
				<div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
					<h2 id="layers-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
						{howItWorksCopy.layers.heading}
					</h2>
					<p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">{howItWorksCopy.layers.lead}</p>
					<div className="mt-12">
						<LayerCards layers={layers} />
					</div>
					<div className="mt-10 flex flex-wrap justify-center gap-3">
						<BetaApplicationDialog
							triggerLabel={howItWorksCopy.layers.applyForBeta}
							triggerClassName={buttonClass('primary')}
						/>
						<Link to={pagePaths.pricing} className={buttonClass('secondary')}>
							{howItWorksCopy.layers.viewPricing}
						</Link>
					</div>
				</div>
			</section>
			<FaqSection
				id="faq-heading"
				heading={howItWorksCopy.faqHeading}
				name="how-it-works-faq"
				faqs={howItWorksFaqs}
				defaultOpenIndex={0}
			/>
			<CtaBand id="strategy-heading" heading={strategyCall.heading} text={strategyCall.text}>
				<ExternalLink href={site.bookingUrl} className={buttonClass('inverted')}>
					{strategyCall.cta}
				</ExternalLink>
			</CtaBand>
		</>
	)
}
