const scripts = new Map<string, Promise<void>>()
const widgetOrigins = new Set<string>()

function logWidgetError(event: ErrorEvent) {
	// A cross-origin script's error reaches the page as "Script error." without a file name; only widgets are cross-origin here.
	const fromWidget = event.filename
		? [...widgetOrigins].some((origin) => event.filename.startsWith(origin))
		: event.message === 'Script error.'
	if (!fromWidget) return
	event.preventDefault()
	console.warn('A third-party widget script failed:', event.message)
}

/** Adds an async script once per URL; resolves when it has run, rejects when it cannot be fetched. Its uncaught errors are only logged. */
export function loadScript(src: string): Promise<void> {
	const existing = scripts.get(src)
	if (existing) return existing
	if (widgetOrigins.size === 0) window.addEventListener('error', logWidgetError)
	widgetOrigins.add(new URL(src).origin)
	const loaded = new Promise<void>((resolve, reject) => {
		const script = document.createElement('script')
		script.src = src
		script.async = true
		script.onload = () => resolve()
		script.onerror = () => {
			scripts.delete(src)
			script.remove()
			reject(new Error(`${src} did not load`))
		}
		document.head.append(script)
	})
	scripts.set(src, loaded)
	return loaded
}
