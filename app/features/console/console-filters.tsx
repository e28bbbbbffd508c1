import type { ReactNode } from 'react'
import { consoleCopy } from '#app/content/console.ts'

/**
 * A list's filters: folded away on a phone behind a summary that says how many are set, always shown from 640 px on
 * (app.css, `.console-filters`). A disclosure of the browser's own, so it folds the same without JavaScript.
 */
export function ConsoleFilters({
	set,
	problem = false,
	children,
}: {
	set: number
	/** Opens the fold, so a message about what was typed is seen. */
	problem?: boolean
	children: ReactNode
}) {
	return (
		<details className="console-filters group mt-4" open={problem || undefined}>
			<summary className="flex min-h-11 cursor-pointer items-center justify-between rounded-xl border border-slate-200 bg-white px-4 font-semibold text-slate-800">
				{consoleCopy.filters(set)}
				<span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
					▾
				</span>
			</summary>
			{children}
		</details>
	)
}

/** How many of a filter's values are set. */
export const filtersSet = (filter: Record<string, string>) =>
	Object.values(filter).filter((value) => value !== '').length
