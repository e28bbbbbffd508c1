import { lazy, Suspense, useRef, useState } from 'react'
import { betaCopy } from '#app/content/beta-application.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'

// The dialog and its form load on first intent (hover, focus, click), not with the page.
const loadDialog = () => import('./beta-application-dialog-content.tsx')
const BetaApplicationDialogContent = lazy(loadDialog)

export type BetaApplicationDialogProps = {
	/** Label of the button that opens the dialog. */
	triggerLabel?: string
	triggerClassName?: string
}

/**
 * The button that opens the beta application dialog. Until JavaScript runs, and without it, it is a link to
 * the same form on its own page.
 */
export function BetaApplicationDialog({
	triggerLabel = betaCopy.triggerLabel,
	triggerClassName,
}: BetaApplicationDialogProps) {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	const [requested, setRequested] = useState(false)
	const triggerRef = useRef<HTMLButtonElement>(null)
	const prefetch = () => void loadDialog()

	if (!hydrated) {
		return (
			<a href={betaCopy.page.path} className={triggerClassName}>
				{triggerLabel}
			</a>
		)
	}
	return (
		<>
			<button
				ref={triggerRef}
				type="button"
				className={triggerClassName}
				aria-haspopup="dialog"
				aria-expanded={open}
				onPointerEnter={prefetch}
				onFocus={prefetch}
				onClick={() => {
					setRequested(true)
					setOpen(true)
				}}
			>
				{triggerLabel}
			</button>
			{requested ? (
				<Suspense fallback={null}>
					<BetaApplicationDialogContent open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
				</Suspense>
			) : null}
		</>
	)
}
