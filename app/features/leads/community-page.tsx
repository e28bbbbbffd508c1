import { communityPageCopy } from '#app/content/waitlist.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { WaitlistForm } from './waitlist-form.tsx'

export function CommunityInterestPage({ result }: { result?: SubmissionResult }) {
	const copy = communityPageCopy
	return (
		<div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
			<div className="grid gap-12 lg:grid-cols-5">
				<div className="lg:col-span-3">
					<p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{copy.eyebrow}</p>
					<h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">{copy.heading}</h1>
					<p className="mt-4 text-xl font-medium text-slate-800">{copy.tagline}</p>
					<p className="mt-4 text-lg text-slate-700">{copy.intro}</p>
					<section aria-labelledby="community-benefits-heading" className="mt-10">
						<h2 id="community-benefits-heading" className="text-2xl font-semibold text-slate-900">
							{copy.benefitsHeading}
						</h2>
						<ul className="mt-6 grid gap-4 sm:grid-cols-2">
							{copy.benefits.map((benefit) => (
								<li key={benefit.title} className="rounded-lg border border-slate-200 p-5">
									<p className="font-semibold text-slate-900">{benefit.title}</p>
									<p className="mt-1 text-sm text-slate-700">{benefit.text}</p>
								</li>
							))}
						</ul>
					</section>
				</div>
				<section
					aria-labelledby="waitlist-heading"
					className="h-fit rounded-lg border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
				>
					<h2 id="waitlist-heading" className="text-2xl font-semibold text-slate-900">
						{copy.formHeading}
					</h2>
					<p className="mt-2 mb-6 text-slate-700">{copy.formText}</p>
					<WaitlistForm initial={result} />
				</section>
			</div>
		</div>
	)
}
