import type { CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'

/** Each column's heading as a CSS string, for the labels a row's cells show when it is drawn as a card. */
const columnLabels = (columns: string[]) =>
	Object.fromEntries(columns.map((column, index) => [`--column-${index + 1}`, JSON.stringify(column)])) as CSSProperties

/**
 * A console table: its caption for assistive technology and its column headings. On a phone each row is drawn as a
 * card, every cell under its column's name (app.css, `.console-table`); from 640 px on it is a table whose frame
 * scrolls sideways when the columns need more room, which a keyboard can reach.
 */
export function ConsoleTable({
	caption,
	columns,
	minWidth,
	className = '',
	children,
}: {
	caption: string
	columns: string[]
	/** The width (from 640 px on) below which the frame scrolls instead of squeezing the columns. */
	minWidth: 'sm:min-w-[24rem]' | 'sm:min-w-[40rem]' | 'sm:min-w-[44rem]' | 'sm:min-w-[56rem]' | 'sm:min-w-[72rem]'
	className?: string
	/** The table's rows. */
	children: ReactNode
}) {
	return (
		<section
			aria-label={caption}
			// biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard must be able to scroll the wide table sideways on a narrow screen
			tabIndex={0}
			className={`overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-2 focus:outline-brand-600 ${className}`}
		>
			<table className={`console-table w-full ${minWidth} text-left text-sm`} style={columnLabels(columns)}>
				<caption className="sr-only">{caption}</caption>
				<thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
					<tr>
						{columns.map((column) => (
							<th key={column} scope="col" className="px-4 py-3 font-semibold">
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200">{children}</tbody>
			</table>
		</section>
	)
}

/** The links between a list's pages (back to the newest, on to older ones), and a note on the same line if any. */
export function ConsolePageLinks({
	newestHref,
	olderHref,
	labels,
	children,
}: {
	newestHref: string | null
	olderHref: string | null
	labels: { newest: string; older: string }
	children?: ReactNode
}) {
	if (!newestHref && !olderHref && !children) return null
	return (
		<p className="mt-4 flex flex-wrap gap-4">
			{newestHref ? (
				<Link to={newestHref} className="font-semibold text-brand-700 underline">
					{labels.newest}
				</Link>
			) : null}
			{olderHref ? (
				<Link to={olderHref} className="font-semibold text-brand-700 underline">
					{labels.older}
				</Link>
			) : null}
			{children}
		</p>
	)
}
