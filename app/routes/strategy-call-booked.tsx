import { Link } from 'react-router'
import { pagePaths } from '#app/content/page-paths.ts'
import { strategyCallCopy } from '#app/content/strategy-call.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import type { RouteHandle } from '#app/features/site/route-handle.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { buttonClass } from '#app/ui/button.ts'
import { Icon, type IconNode } from '#app/ui/icons.tsx'
import type { Route } from './+types/strategy-call-booked'

const calendarCheckIcon: IconNode = [
	['path', { d: 'M8 2v3' }],
	['path', { d: 'M16 2v3' }],
	['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
	['path', { d: 'M3 9h18' }],
	['path', { d: 'm9 15 2 2 4-4' }],
]

export const loader = () => ({ seo: staticPageSeo('strategyCallBooked') })

export const meta: Route.MetaFunction = metaFromLoader

// Nothing on the page needs JavaScript.
export const handle: RouteHandle = { hydrate: false }

export default function StrategyCallBookedPage() {
	const site = useSite()
	return (
		<section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
			<Icon node={calendarCheckIcon} className="h-12 w-12 text-emerald-700" />
			<h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{strategyCallCopy.heading}</h1>
			<p className="mt-4 text-lg text-slate-700">{strategyCallCopy.lead}</p>
			<h2 className="mt-12 text-2xl font-bold text-slate-900">{strategyCallCopy.nextStepsHeading}</h2>
			<ol className="mt-6 space-y-4">
				{strategyCallCopy.nextSteps.map((step, index) => (
					<li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 p-5">
						<span
							aria-hidden="true"
							className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
						>
							{index + 1}
						</span>
						<div>
							<h3 className="font-bold text-slate-900">{step.title}</h3>
							<p className="mt-1 text-slate-700">{step.text}</p>
						</div>
					</li>
				))}
			</ol>
			<div className="mt-10 flex flex-wrap gap-3">
				<a href={`${site.appUrl}/register`} className={buttonClass('primary')}>
					{strategyCallCopy.importFree}
				</a>
				<Link to={pagePaths.howItWorks} className={buttonClass('secondary')}>
					{strategyCallCopy.learnHow}
				</Link>
			</div>
		</section>
	)
}
