// React Router's boot script starts with this code (decision 007), after first-paint.inline.js: document.server.ts
// inlines it without its comments and binds the route modules that `importAfterPaint` returns to the names React
// Router's script uses.

/**
 * Fetches and imports the route modules once the page has painted (and, with `onInteraction`, once the visitor has
 * first scrolled, pointed, touched or typed), with their preloads added first so nothing waits in a chain; then runs
 * React Router's data scripts, which its entry module reads.
 * @param {string[]} preloads everything the page loads before it is interactive
 * @param {string[]} routes the route modules, in the order they are returned
 * @param {boolean} onInteraction whether to wait for the visitor's first interaction (decision 015)
 */
export async function importAfterPaint(preloads, routes, onInteraction) {
	// Listening from the start: an interaction before the first paint counts too.
	const interaction = onInteraction && firstInteraction()
	await firstPaint()
	if (interaction) await interaction
	for (const href of preloads)
		document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }))
	// Starting the preloads and the imports each costs a few milliseconds: two short tasks, not one long one.
	await new Promise((next) => setTimeout(next))
	const modules = Promise.all(routes.map((href) => import(href)))
	if (document.readyState === "loading")
		await new Promise((parsed) => document.addEventListener("DOMContentLoaded", parsed, { once: true }))
	runRouterData()
	return modules
}

/**
 * Runs React Router's context and data scripts, which the document pipeline made data blocks so the browser does not
 * compile them while it parses the page, in document order: each becomes a script again, with its nonce.
 */
function runRouterData() {
	for (const data of [...document.scripts].filter((script) => script.type === "text/x-router-data"))
		data.replaceWith(Object.assign(document.createElement("script"), { nonce: data.nonce, text: data.text }))
}

/**
 * Resolves on the visitor's first scroll, pointer movement, touch, key or focus.
 * @returns {Promise<void>}
 */
function firstInteraction() {
	return new Promise((interacted) => {
		const types = ["scroll", "wheel", "pointerdown", "pointermove", "touchstart", "keydown", "focusin"]
		const first = () => {
			for (const type of types) removeEventListener(type, first, true)
			interacted()
		}
		for (const type of types) addEventListener(type, first, { capture: true, passive: true })
	})
}
