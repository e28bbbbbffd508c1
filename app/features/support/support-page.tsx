import { supportCopy } from '../../content/support.ts'
import { buttonClass } from '../../ui/button.ts'
import { ContactSupportLink, HelpCenterWidget } from '../widgets/help-center-widget.tsx'

/** The help center: heading, the third-party widget and a way to contact us. */
export function SupportPage() {
	return (
		<section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
			<div className="flex flex-wrap items-end justify-between gap-6">
				<div className="max-w-2xl">
					<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{supportCopy.heading}</h1>
					<p className="mt-4 text-lg text-slate-700">{supportCopy.lead}</p>
				</div>
				<ContactSupportLink className={buttonClass('secondary', 'md')} />
			</div>
			<HelpCenterWidget />
			<aside aria-labelledby="still-need-help" className="mt-12 rounded-xl bg-slate-50 p-8 text-center">
				<h2 id="still-need-help" className="text-2xl font-bold text-slate-900">
					{supportCopy.contact.heading}
				</h2>
				<p className="mt-2 text-slate-700">{supportCopy.contact.text}</p>
				<p className="mt-6">
					<ContactSupportLink className={buttonClass('primary')} />
				</p>
			</aside>
		</section>
	)
}
