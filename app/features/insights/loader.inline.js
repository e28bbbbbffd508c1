// The analytics loader (decision 005), inlined at the end of every document by document.server.ts without its comments.

// Fetched after the load event so it never competes with the page's own paint and hydration.
addEventListener("load", () => {
	const { src, warning, delay } = insightsLoader
	document.head.append(Object.assign(document.createElement("script"), { src }))
	setTimeout(() => {
		if (!("insights" in window)) console.warn(warning)
	}, delay)
})

/**
 * The script's path, the warning and the check's delay, which the server defines (loader.server.ts): document.server.ts
 * assigns them as JSON on the line after this code, so the loader still starts with its load listener.
 * @type {{ src: string, warning: string, delay: number }}
 */
let insightsLoader
