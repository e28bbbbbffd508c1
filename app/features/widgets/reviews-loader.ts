import { loadScript } from './load-script.ts'

/** Home: initialisation is retried this often... */
export const REVIEWS_RETRY_MS = 100
/** ...for this long, after which the fallback shows. */
export const REVIEWS_RETRY_FOR_MS = 5000
/** /reviews: initialisation runs once, this long after the provider's script has loaded. */
export const REVIEWS_START_DELAY_MS = 500

/** What the provider's script must expose. */
export type ReviewsProvider = { init: (container: HTMLElement, options: { widgetId: string }) => void }

declare global {
	interface Window {
		ReviewsWidget?: ReviewsProvider
	}
}

export type ReviewsWidgetConfig = { scriptUrl: string; widgetId: string }
export type ReviewsStart = 'retry' | 'delayed'

/** Loads the provider's script and initialises the widget in `container`; `done` reports the outcome once. Returns a cancel function. */
export function startReviewsWidget(
	widget: ReviewsWidgetConfig,
	container: HTMLElement,
	start: ReviewsStart,
	done: (ready: boolean) => void,
): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined
	let over = false
	const finish = (error: unknown) => {
		if (over) return
		over = true
		clearTimeout(timer)
		if (error) console.warn('The reviews widget is unavailable:', error)
		done(!error)
	}
	const attempt = (): unknown => {
		const provider = window.ReviewsWidget
		if (typeof provider?.init !== 'function') return new Error('the reviews script is not ready')
		try {
			provider.init(container, { widgetId: widget.widgetId })
			return null
		} catch (error) {
			return error ?? new Error('the reviews widget failed')
		}
	}
	const script = loadScript(widget.scriptUrl)
	if (start === 'retry') {
		const startedAt = Date.now()
		const tick = () => {
			const error = attempt()
			if (!error || Date.now() - startedAt >= REVIEWS_RETRY_FOR_MS) return finish(error)
			timer = setTimeout(tick, REVIEWS_RETRY_MS)
		}
		script.catch(finish)
		tick()
	} else {
		timer = setTimeout(() => finish(new Error('the reviews script did not load in time')), REVIEWS_RETRY_FOR_MS)
		script.then(() => {
			if (over) return
			clearTimeout(timer)
			timer = setTimeout(() => finish(attempt()), REVIEWS_START_DELAY_MS)
		}, finish)
	}
	return () => {
		over = true
		clearTimeout(timer)
	}
}
