const PRELOADS_START = 'for (const href of '

const preloadLink = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g
const moduleScript = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/
const routeImport = /^import \* as (\w+) from ("[^"]+");$/gm

/**
 * Rewrites React Router's boot script so the browser paints the server HTML before it fetches or runs any
 * JavaScript: the route modules are imported after the first frame (with their preloads added then, so
 * nothing waits in a chain), instead of as static imports that can run, and hydrate, before the first paint.
 */
export function paintBeforeHydration(html: string): string {
	const preloads = [...html.matchAll(preloadLink)].map((match) => match[1])
	const script = moduleScript.exec(html)
	const imports = script ? [...(script[2] ?? '').matchAll(routeImport)] : []
	if (!script || imports.length === 0) return html
	const boot = [
		// Waits for the browser's own first-contentful-paint entry; a hidden tab paints nothing, so it goes on at once.
		'await new Promise((painted) => {',
		'  if (document.hidden) return painted();',
		'  document.addEventListener("visibilitychange", painted, { once: true });',
		'  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(painted));',
		'  new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); painted(); } }).observe({ type: "paint", buffered: true });',
		'});',
		`${PRELOADS_START}${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
		// Starting the preloads and the imports each costs a few milliseconds: two short tasks, not one long one.
		'await new Promise((next) => setTimeout(next));',
		`const [${imports.map((match) => match[1]).join(', ')}] = await Promise.all([${imports.map((match) => match[2]).join(', ')}].map((href) => import(href)));`,
	].join('\n')
	const rewritten = `${script[1]}${boot}${(script[2] ?? '').replace(routeImport, '')}${script[3]}`
	return html.replace(moduleScript, () => rewritten).replace(preloadLink, '')
}

/** The modules a rewritten page preloads once it has painted: what it needs before it is interactive. */
export function deferredPreloads(html: string): string[] {
	const start = html.indexOf(PRELOADS_START)
	if (start === -1) return []
	const list = html.slice(start + PRELOADS_START.length, html.indexOf(']', start) + 1)
	return JSON.parse(list) as string[]
}
