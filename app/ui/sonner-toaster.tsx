import { Toaster as Sonner } from 'sonner'
import { toastSettings } from '#app/content/ui.ts'

/** The one toast region of the site (spec section 9): bottom-right, 4 s, Alt+T, at most 3, closable. */
export default function SonnerToaster() {
	return (
		<Sonner
			position={toastSettings.position}
			duration={toastSettings.durationMs}
			hotkey={[...toastSettings.hotkey]}
			containerAriaLabel={toastSettings.label}
			visibleToasts={toastSettings.visibleToasts}
			closeButton
			richColors
		/>
	)
}
