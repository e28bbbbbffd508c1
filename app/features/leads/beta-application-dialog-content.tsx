import { Dialog } from 'radix-ui'
import { type RefObject, useCallback, useEffect, useRef } from 'react'
import { betaCopy } from '#app/content/beta-application.ts'
import { track } from '#app/features/insights/track.ts'
import { BetaApplicationForm } from './beta-application-form.tsx'

/** How long the confirmation stays before the dialog closes (spec section 9). */
export const SUCCESS_CLOSE_DELAY_MS = 2_000

type Props = {
	open: boolean
	onOpenChange: (open: boolean) => void
	/** Focus goes back here when the dialog closes. */
	triggerRef: RefObject<HTMLButtonElement | null>
}

/** The modal with the beta application form; Radix traps focus inside while it is open. */
export default function BetaApplicationDialogContent({ open, onOpenChange, triggerRef }: Props) {
	const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(closeTimer.current), [])
	useEffect(() => {
		if (open) track('beta_dialog_opened')
	}, [open])
	const onSuccess = useCallback(() => {
		clearTimeout(closeTimer.current)
		closeTimer.current = setTimeout(() => onOpenChange(false), SUCCESS_CLOSE_DELAY_MS)
	}, [onOpenChange])
	const change = (next: boolean) => {
		clearTimeout(closeTimer.current)
		onOpenChange(next)
	}
	return (
		<Dialog.Root open={open} onOpenChange={change}>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
				<Dialog.Content
					onCloseAutoFocus={(event) => {
						event.preventDefault()
						triggerRef.current?.focus()
					}}
					className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
				>
					<Dialog.Title className="text-2xl font-bold text-slate-900">{betaCopy.title}</Dialog.Title>
					<Dialog.Description className="mt-2 mb-6 text-slate-700">{betaCopy.description}</Dialog.Description>
					<BetaApplicationForm
						onSuccess={onSuccess}
						SuccessHeading="h3"
						secondaryAction={(disabled) => (
							<Dialog.Close
								disabled={disabled}
								className="rounded-md border border-slate-400 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70"
							>
								{betaCopy.cancel}
							</Dialog.Close>
						)}
					/>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}
