import type { ReactNode } from 'react'

/** A page's centred title and lead, the first thing under the header. */
export function PageIntro({ heading, lead }: { heading: string; lead: string }) {
	return (
		<div className="mx-auto max-w-3xl text-center">
			<h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{heading}</h1>
			<p className="mt-4 text-lg text-slate-700">{lead}</p>
		</div>
	)
}

/** The dark call-to-action band that closes a marketing page; `children` are its buttons. */
export function CtaBand({
	id,
	heading,
	text,
	children,
}: {
	id: string
	heading: string
	text: string
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="bg-brand-900 py-16 text-white">
			<div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
				<h2 id={id} className="text-3xl font-bold tracking-tight">
					{heading}
				</h2>
				<p className="mt-4 text-lg text-brand-100">{text}</p>
				<div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
			</div>
		</section>
	)
}
