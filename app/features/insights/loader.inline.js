// The analytics loader (decision 005), rendered minified at the end of every document (document-scripts.tsx).
// It sends the page view of the address the page loaded at; the script it loads counts client navigations and funnel
// events through the same two functions (decision 013).

// Read now, while parsing: a client navigation before the load event would change the address.
const insightsLanding = insightsPageView(document.referrer)

// Sent and fetched once the page has loaded and painted (first-paint.inline.js, in the head), so neither
// competes with the page's own first paint and hydration; a page the browser prerenders (speculation rules, decision
// 015) counts only once it is shown.
addEventListener("load", () => {
	if ("prerendering" in document && document.prerendering)
		document.addEventListener("prerenderingchange", insightsStart, { once: true })
	else firstPaint().then(insightsStart)
})

/** Sends the landing page view and loads the script, which warns when it does not arrive in time. */
function insightsStart() {
	const { src, warning, delay } = insightsLoader
	insightsSend(insightsLanding)
	document.head.append(Object.assign(document.createElement("script"), { src }))
	setTimeout(() => {
		if (!("insights" in window)) console.warn(warning)
	}, delay)
}

/**
 * A page view of the current address: its path, its campaign parameters and the referring site's host, if another site.
 * @param {string} referrer
 */
function insightsPageView(referrer) {
	const query = new URLSearchParams(location.search)
	/** @type {{ name: string, path: string, campaign?: Record<string, string>, referrer?: string }} */
	const event = { name: "page_view", path: location.pathname }
	for (const name of ["utm_source", "utm_medium", "utm_campaign", "ref"]) {
		const value = query.get(name)
		if (value !== null) event.campaign = { ...event.campaign, [name]: value.slice(0, 200) }
	}
	try {
		const host = new URL(referrer).hostname
		if (host !== location.hostname) event.referrer = host
	} catch {}
	return event
}

/**
 * Sends an event, unless the visitor asked not to be tracked (Do Not Track, Global Privacy Control).
 * @param {{ name: string, path: string }} event
 */
function insightsSend(event) {
	const globalPrivacyControl = "globalPrivacyControl" in navigator && navigator.globalPrivacyControl === true
	if (navigator.doNotTrack === "1" || ("doNotTrack" in window && window.doNotTrack === "1") || globalPrivacyControl)
		return
	const body = JSON.stringify(event)
	try {
		if (navigator.sendBeacon(insightsLoader.events, body)) return
	} catch {}
	fetch(insightsLoader.events, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {})
}

/**
 * The script's and the events' paths, the warning and the check's delay, which the server defines (loader.server.ts):
 * document-code.server.ts assigns them as JSON on the line after this code, so the loader still starts with its load listener.
 * @type {{ src: string, events: string, warning: string, delay: number }}
 */
let insightsLoader
