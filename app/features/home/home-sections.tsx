import { Link } from 'react-router'
import { benefitsCopy, closingCtaCopy, graphSectionCopy, heroCopy, problemsCopy } from '#app/content/home.ts'
import { layers } from '#app/content/layers.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { reviewsCopy } from '#app/content/reviews.ts'
import { LayerCards } from '#app/features/marketing/layer-cards.tsx'
import { ReviewsWidget } from '#app/features/marketing/reviews-widget.tsx'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { buttonClass } from '#app/ui/button.ts'
import { ExternalLink } from '#app/ui/external-link.tsx'
import { badgeCheckIcon, Icon, type IconNode, usersIcon } from '#app/ui/icons.tsx'
import { NetworkGraph } from './network-graph/network-graph.tsx'

const eyeIcon: IconNode = [
	[
		'path',
		{ d: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0' },
	],
	['circle', { cx: '12', cy: '12', r: '3' }],
]
const eyeOffIcon: IconNode = [
	['path', { d: 'M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49' }],
	['path', { d: 'M14.084 14.158a3 3 0 0 1-4.242-4.242' }],
	['path', { d: 'M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143' }],
	['path', { d: 'm2 2 20 20' }],
]
const layersIcon: IconNode = [
	[
		'path',
		{
			d: 'M12.83 2.18a2 2 0 0 0-1.66 0L2.6 6.08a1 1 0 0 0 0 1.83l8.58 3.91a2 2 0 0 0 1.66 0l8.58-3.9a1 1 0 0 0 0-1.83z',
		},
	],
	['path', { d: 'M2 12a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 12' }],
	['path', { d: 'M2 17a1 1 0 0 0 .58.91l8.6 3.91a2 2 0 0 0 1.65 0l8.58-3.9A1 1 0 0 0 22 17' }],
]
const messageSquareIcon: IconNode = [
	[
		'path',
		{
			d: 'M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z',
		},
	],
]
const searchIcon: IconNode = [
	['path', { d: 'm21 21-4.34-4.34' }],
	['circle', { cx: '11', cy: '11', r: '8' }],
]
const trendingDownIcon: IconNode = [
	['path', { d: 'M16 17h6v-6' }],
	['path', { d: 'm22 17-8.5-8.5-5 5L2 7' }],
]

const container = 'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8'

function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
	return (
		<div className="mx-auto max-w-3xl text-center">
			<h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
				{title}
			</h2>
			<p className="mt-4 text-lg text-slate-700">{lead}</p>
		</div>
	)
}

/** The four layers as a section of their own, for the hero variant that shows a dashboard preview instead. */
export function LayersSection() {
	return (
		<section aria-labelledby="layers-heading" className={`${container} py-16`}>
			<h2 id="layers-heading" className="sr-only">
				{heroCopy.layersLabel}
			</h2>
			<LayerCards layers={layers} />
		</section>
	)
}

const benefitIcons = [eyeIcon, badgeCheckIcon, searchIcon, messageSquareIcon]

export function BenefitsSection() {
	return (
		<section aria-labelledby="benefits-heading" className={`${container} py-20`}>
			<SectionHeading id="benefits-heading" title={benefitsCopy.heading} lead={benefitsCopy.lead} />
			<ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
				{benefitsCopy.benefits.map((benefit, index) => {
					const icon = benefitIcons[index] ?? eyeIcon
					return (
						<li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
							<Icon node={icon} className="h-8 w-8 text-brand-600" />
							<h3 className="mt-4 text-lg font-bold text-slate-900">{benefit.title}</h3>
							<p className="mt-2 text-slate-700">{benefit.text}</p>
						</li>
					)
				})}
			</ul>
		</section>
	)
}

export function ReviewsTeaserSection() {
	const { reviewsWidget } = useSite()
	return (
		<section aria-labelledby="reviews-heading" className="bg-slate-50 py-20">
			<div className={container}>
				{/* Without a provider the lead promises no reviews underneath and no room is kept for them. */}
				<SectionHeading
					id="reviews-heading"
					title={reviewsCopy.teaser.heading}
					lead={reviewsWidget ? reviewsCopy.teaser.lead : reviewsCopy.teaser.leadWithoutWidget}
				/>
				{reviewsWidget ? <ReviewsWidget widget={reviewsWidget} start="retry" className="mt-10 min-h-[300px]" /> : null}
				<p className="mt-8 text-center">
					<Link
						to={pagePaths.reviews}
						className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
					>
						{reviewsCopy.teaser.allReviews}
					</Link>
				</p>
			</div>
		</section>
	)
}

const problemIcons = [trendingDownIcon, eyeOffIcon, usersIcon, layersIcon]

export function ProblemsSection() {
	return (
		<section aria-labelledby="problems-heading" className={`${container} py-20`}>
			<SectionHeading id="problems-heading" title={problemsCopy.heading} lead={problemsCopy.lead} />
			<ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
				{problemsCopy.problems.map((problem, index) => {
					const icon = problemIcons[index] ?? trendingDownIcon
					return (
						<li key={problem.title} className="rounded-xl border border-red-100 bg-red-50/40 p-6">
							<Icon node={icon} className="h-7 w-7 text-red-700" />
							<p className="mt-4 text-4xl font-extrabold text-red-800">{problem.stat}</p>
							<h3 className="mt-2 text-lg font-bold text-slate-900">{problem.title}</h3>
							<p className="mt-2 text-slate-700">{problem.text}</p>
						</li>
					)
				})}
			</ul>
		</section>
	)
}

export function GraphSection() {
	return (
		<section aria-labelledby="graph-heading" className="bg-slate-50 py-20">
			<div className={container}>
				<SectionHeading id="graph-heading" title={graphSectionCopy.heading} lead={graphSectionCopy.lead} />
				<ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
					{graphSectionCopy.points.map((point) => (
						<li key={point.title} className="rounded-xl bg-white p-5 shadow-sm">
							<h3 className="font-bold text-slate-900">{point.title}</h3>
							<p className="mt-1 text-slate-700">{point.text}</p>
						</li>
					))}
				</ul>
				<div className="mx-auto mt-12 max-w-4xl">
					<NetworkGraph />
				</div>
			</div>
		</section>
	)
}

export function ClosingCtaSection({ site }: { site: Pick<PublicConfig, 'appUrl' | 'bookingUrl'> }) {
	return (
		<section aria-labelledby="closing-heading" className="bg-brand-900 py-20 text-white">
			<div className={`${container} text-center`}>
				<h2 id="closing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
					{closingCtaCopy.heading}
				</h2>
				<p className="mt-4 text-lg text-brand-100">{closingCtaCopy.tagline}</p>
				<h3 className="sr-only">{closingCtaCopy.teaserLabel}</h3>
				<ul className="mx-auto mt-10 grid max-w-4xl gap-4 sm:grid-cols-3">
					{closingCtaCopy.plans.map((plan) => (
						<li key={plan.name} className="rounded-xl bg-white/10 p-6 text-left ring-1 ring-white/20">
							<p className="flex items-center justify-between gap-2 font-semibold">
								{plan.name}
								{plan.badge ? (
									<span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900">
										{plan.badge}
									</span>
								) : null}
							</p>
							<p className="mt-2">
								<span className="text-3xl font-extrabold">{plan.price}</span>
								<span className="text-brand-100">{plan.period}</span>
							</p>
							<p className="mt-1 text-brand-100">{plan.detail}</p>
						</li>
					))}
				</ul>
				<p className="mt-6">
					<Link to={pagePaths.pricing} className="font-semibold text-white underline underline-offset-4">
						{closingCtaCopy.seeAllPlans}
					</Link>
				</p>
				<div className="mt-10 flex flex-wrap justify-center gap-3">
					<ExternalLink href={`${site.appUrl}/register`} className={buttonClass('inverted')}>
						{closingCtaCopy.register}
					</ExternalLink>
					<ExternalLink href={site.bookingUrl} className={buttonClass('outlineInverted')}>
						{closingCtaCopy.bookDemo}
					</ExternalLink>
				</div>
				<ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-brand-100">
					{closingCtaCopy.promises.map((promise) => (
						<li key={promise}>{promise}</li>
					))}
				</ul>
			</div>
		</section>
	)
}
