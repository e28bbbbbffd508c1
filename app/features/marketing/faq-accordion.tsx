import type { Faq } from '../../content/faqs.ts'
import { Accordion } from '../../ui/accordion.tsx'

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
