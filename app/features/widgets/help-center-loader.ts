import { loadScript } from './load-script.ts'

/** Initialisation attempts before the fallback shows. */
export const HELP_CENTER_ATTEMPTS = 10
/** The wait before attempt n+1 is n times this (100, 200, … 900 ms: 4.5 s in all). */
export const HELP_CENTER_DELAY_STEP_MS = 100

export type HelpCenterWidgetConfig = { scriptUrl: string; element: string }

/** Loads the knowledge-base script and mounts its custom element in `container` once defined; `done` reports the outcome once. Returns a cancel function. */
export function startHelpCenterWidget(
	widget: HelpCenterWidgetConfig,
	container: HTMLElement,
	done: (ready: boolean) => void,
): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined
	let over = false
	const attempt = (n: number) => {
		if (over) return
		let error: unknown = new Error(`<${widget.element}> is not defined yet`)
		const WidgetElement = customElements.get(widget.element)
		if (WidgetElement) {
			try {
				// The constructor called directly throws; document.createElement would swallow its error and return an empty element.
				container.replaceChildren(new WidgetElement())
				error = null
			} catch (caught) {
				error = caught ?? new Error('the help center widget failed')
			}
		}
		if (error && n < HELP_CENTER_ATTEMPTS) {
			timer = setTimeout(() => attempt(n + 1), n * HELP_CENTER_DELAY_STEP_MS)
			return
		}
		over = true
		if (error) console.warn('The help center widget is unavailable:', error)
		done(!error)
	}
	// A script that cannot be fetched is only logged: the attempts decide when to give up.
	loadScript(widget.scriptUrl).catch((error: unknown) => console.warn('The help center script did not load:', error))
	attempt(1)
	return () => {
		over = true
		clearTimeout(timer)
	}
}
