import type { Faq } from '#app/content/faqs.ts'
import { Accordion } from '#app/ui/accordion.tsx'

/** A list of questions and answers as an exclusive accordion. */
export function FaqAccordion({
	name,
	faqs,
	defaultOpenIndex,
}: {
	name: string
	faqs: Faq[]
	defaultOpenIndex?: number
}) {
	return (
		<Accordion
			name={name}
			defaultOpenIndex={defaultOpenIndex}
			items={faqs.map((faq, index) => ({
				id: `${name}-${index}`,
				summary: faq.question,
				content: <p>{faq.answer}</p>,
			}))}
		/>
	)
}

/** A page's FAQ section: its heading and the accordion. */
export function FaqSection({
	id,
	heading,
	...accordion
}: { id: string; heading: string } & Parameters<typeof FaqAccordion>[0]) {
	return (
		<section aria-labelledby={id} className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
			<h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
				{heading}
			</h2>
			<div className="mt-8">
				<FaqAccordion {...accordion} />
			</div>
		</section>
	)
}
