import { supportCopy } from '#app/content/support.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { ContactSupportLink, HelpCenterWidget } from '#app/features/widgets/help-center-widget.tsx'
import { buttonClass } from '#app/ui/button.ts'

/** The help center: heading, the third-party widget and a way to contact us; without a widget, the way to contact us. */
export function SupportPage() {
	const { helpCenterWidget } = useSite()
	return (
		<section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
			<div className="flex flex-wrap items-end justify-between gap-6">
				<div className="max-w-2xl">
					<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{supportCopy.heading}</h1>
					<p className="mt-4 text-lg text-slate-700">
						{helpCenterWidget ? supportCopy.lead : supportCopy.leadWithoutWidget}
					</p>
				</div>
				{/* Without a widget this is the page's one call to action, so it takes the primary style. */}
				<ContactSupportLink className={buttonClass(helpCenterWidget ? 'secondary' : 'primary', 'md')} />
			</div>
			{helpCenterWidget ? (
				<>
					<HelpCenterWidget widget={helpCenterWidget} />
					<aside aria-labelledby="still-need-help" className="mt-12 rounded-xl bg-slate-50 p-8 text-center">
						<h2 id="still-need-help" className="text-2xl font-bold text-slate-900">
							{supportCopy.contact.heading}
						</h2>
						<p className="mt-2 text-slate-700">{supportCopy.contact.text}</p>
						<p className="mt-6">
							<ContactSupportLink className={buttonClass('primary')} />
						</p>
					</aside>
				</>
			) : null}
		</section>
	)
}
