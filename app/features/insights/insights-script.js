// First-party analytics, served at /_insights/script.js and loaded by the page's inline loader (loader.inline.js),
// whose insightsSend and insightsPageView it uses: a page view on every client navigation, and
// window.insights.track(name, props) for funnel events.
;(() => {
	if (window.insights || typeof insightsSend !== 'function') return
	// The loader has sent the page view of the address the page loaded at.
	let lastPath = insightsLanding.path
	const pageView = () => {
		if (location.pathname === lastPath) return
		lastPath = location.pathname
		insightsSend(insightsPageView(''))
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
	window.insights = { track: (name, props) => insightsSend({ name, path: location.pathname, props }) }
	pageView()
})()
