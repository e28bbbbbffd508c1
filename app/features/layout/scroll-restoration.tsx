import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router'
import { InlineScript } from '#app/features/site/inline-script.tsx'

/** Where React Router keeps the scroll positions it saves when the page is hidden, by history entry. */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions'

/**
 * Runs where the browser parses the page, before its first paint, as React Router's own script does: gives the history
 * entry the key the router saves its position under, and restores that position. The router sets the entry back to
 * `auto` scroll restoration when the page is hidden, so on a reload or a return the browser restores the position
 * itself. Only an entry still in `manual` (the page went away without being hidden: a crash, say) reads the saved
 * positions, which costs the first paint a synchronous round trip to the browser for the session's storage.
 */
export const restoreScroll = `(() => {
if (!history.state?.key) history.replaceState({ key: Math.random().toString(32).slice(2) }, "")
if (history.scrollRestoration !== "manual") return
try {
const y = JSON.parse(sessionStorage.getItem(${JSON.stringify(SCROLL_POSITIONS_KEY)}) || "{}")[history.state.key]
if (typeof y === "number") scrollTo(0, y)
} catch {}
})()`

/**
 * React Router's scroll restoration (positions saved by history entry, restored on back and forward) with a lighter
 * script for the document's first paint than `<ScrollRestoration>`'s. The hook stays mounted on pages without React
 * reached by a client navigation, so that going back restores the page left; only their documents go without the script.
 */
export function SiteScrollRestoration({ withScript }: { withScript: boolean }) {
	useScrollRestoration({ storageKey: SCROLL_POSITIONS_KEY })
	return withScript ? <InlineScript code={restoreScroll} /> : null
}
