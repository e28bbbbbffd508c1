import { Link } from 'react-router'
import { contactPageCopy } from '#app/content/contact.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { clockIcon, Icon, type IconNode } from '#app/ui/icons.tsx'
import { BetaApplicationDialog } from './beta-application-dialog.tsx'
import { ContactForm } from './contact-form.tsx'

const mailIcon: IconNode = [
	['path', { d: 'm22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7' }],
	['rect', { x: '2', y: '4', width: '20', height: '16', rx: '2' }],
]

const cardClass = 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm'

export function ContactPage({ site, result }: { site: PublicConfig | undefined; result?: SubmissionResult }) {
	const copy = contactPageCopy
	return (
		<div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
			<header className="max-w-3xl">
				<h1 className="text-4xl font-bold tracking-tight text-slate-900">{copy.heading}</h1>
				<p className="mt-4 text-lg text-slate-700">{copy.intro}</p>
			</header>
			<div className="mt-12 grid gap-8 lg:grid-cols-3">
				{/* Its own height, not the sidebar's: a stretched card is a tall empty box under the form. */}
				<section aria-labelledby="contact-form-heading" className={`${cardClass} lg:col-span-2 lg:self-start`}>
					<h2 id="contact-form-heading" className="mb-6 text-2xl font-semibold text-slate-900">
						{copy.formHeading}
					</h2>
					<ContactForm initial={result} />
				</section>
				<div className="space-y-6">
					<section aria-labelledby="contact-email-heading" className={cardClass}>
						<h2 id="contact-email-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
							<Icon node={mailIcon} className="size-5 text-brand-600" />
							{copy.emailHeading}
						</h2>
						<p className="mt-2 text-sm text-slate-700">{copy.emailText}</p>
						{site ? (
							<a
								href={`mailto:${site.contactEmail}`}
								className="mt-3 inline-block font-medium break-all text-brand-700 underline underline-offset-4"
							>
								{site.contactEmail}
							</a>
						) : null}
					</section>
					<section aria-labelledby="contact-response-heading" className={cardClass}>
						<h2 id="contact-response-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
							<Icon node={clockIcon} className="size-5 text-brand-600" />
							{copy.responseHeading}
						</h2>
						<p className="mt-2 text-sm text-slate-700">{copy.responseText}</p>
					</section>
					<section aria-labelledby="contact-topics-heading" className={cardClass}>
						<h2 id="contact-topics-heading" className="text-lg font-semibold text-slate-900">
							{copy.topicsHeading}
						</h2>
						<ul className="mt-3 space-y-3">
							{copy.topics.map((topic) => (
								<li key={topic.title}>
									<p className="font-medium text-slate-900">{topic.title}</p>
									<p className="text-sm text-slate-700">{topic.text}</p>
								</li>
							))}
							<li>
								<p className="font-medium text-slate-900">{copy.betaTopic.title}</p>
								<p className="text-sm text-slate-700">{copy.betaTopic.text}</p>
								<BetaApplicationDialog triggerClassName="mt-2 inline-block cursor-pointer font-medium text-brand-700 underline underline-offset-4" />
							</li>
						</ul>
					</section>
				</div>
			</div>
			<section aria-labelledby="contact-faq-heading" className="mt-16 max-w-3xl">
				<h2 id="contact-faq-heading" className="text-2xl font-semibold text-slate-900">
					{copy.faqHeading}
				</h2>
				<dl className="mt-6 space-y-6">
					{copy.faqs.map((faq) => (
						<div key={faq.question}>
							<dt className="font-semibold text-slate-900">{faq.question}</dt>
							<dd className="mt-1 text-slate-700">
								{faq.answer}
								{'link' in faq ? (
									<>
										{' '}
										<Link to={faq.link.to} className="font-medium text-brand-700 underline underline-offset-4">
											{faq.link.label}
										</Link>
									</>
								) : null}
							</dd>
						</div>
					))}
				</dl>
			</section>
		</div>
	)
}
