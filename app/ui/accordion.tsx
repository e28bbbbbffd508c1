import type { ReactNode } from 'react'
import { chevronDownIcon, Icon } from './icons.tsx'

export type AccordionItem = { id: string; summary: string; content: ReactNode }

/**
 * Exclusive accordion on native `<details name>`: the browser keeps one item open at a time,
 * works without JavaScript and is keyboard accessible.
 */
export function Accordion({
	name,
	items,
	defaultOpenIndex,
}: {
	/** Shared by the group's items; unique per accordion on a page. */
	name: string
	items: AccordionItem[]
	defaultOpenIndex?: number
}) {
	return (
		<div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-accordion={name}>
			{items.map((item, index) => (
				<details key={item.id} name={name} open={index === defaultOpenIndex} className="group">
					<summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
						{item.summary}
						<Icon
							node={chevronDownIcon}
							className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
						/>
					</summary>
					<div className="px-5 pb-5 text-slate-700">{item.content}</div>
				</details>
			))}
		</div>
	)
}
