// First-party analytics, served at /_insights/script.js: a page view on load and on every client navigation,
// and window.insights.track(name, props) for funnel events. Sends nothing under Do Not Track or Global Privacy Control.
;(() => {
	if (window.insights) return
	const optedOut = navigator.doNotTrack === '1' || window.doNotTrack === '1' || navigator.globalPrivacyControl === true
	const send = (name, props) => {
		if (optedOut) return
		const body = JSON.stringify({ name, path: location.pathname, props })
		try {
			if (navigator.sendBeacon('/_insights/events', body)) return
		} catch {}
		fetch('/_insights/events', { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {})
	}
	let lastPath
	const pageView = () => {
		if (location.pathname === lastPath) return
		lastPath = location.pathname
		send('page_view')
	}
	// Client navigations go through the History API; a changed path is a new page.
	for (const method of ['pushState', 'replaceState']) {
		const original = history[method]
		history[method] = function (...args) {
			const result = original.apply(this, args)
			pageView()
			return result
		}
	}
	addEventListener('popstate', pageView)
	window.insights = { track: (name, props) => send(name, props) }
	pageView()
})()
