// Rendered minified into every document's head (document-scripts.tsx): hydration (entry.client) and the analytics loader
// wait for the page's first paint so that nothing they start competes with it.

/**
 * Resolves once the browser has painted the page's first content (its own first-contentful-paint entry), or the tab
 * changed visibility; at once in a hidden tab, which paints nothing, and after two frames where paint timing is missing.
 * @returns {Promise<unknown>}
 */
// biome-ignore lint/correctness/noUnusedVariables: a global of the document, called by entry.client and the analytics loader
function firstPaint() {
	return new Promise((painted) => {
		if (document.hidden) return painted(undefined)
		document.addEventListener("visibilitychange", painted, { once: true })
		if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))
			return requestAnimationFrame(() => requestAnimationFrame(painted))
		new PerformanceObserver((list, observer) => {
			if (list.getEntriesByName("first-contentful-paint").length) {
				observer.disconnect()
				painted(list)
			}
		}).observe({ type: "paint", buffered: true })
	})
}
