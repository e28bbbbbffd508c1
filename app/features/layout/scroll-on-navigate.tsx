import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Spec timers: layouts that settle late (images, widgets) could otherwise push the page back down. */
export const SCROLL_TO_TOP_DELAYS_MS = [0, 50, 150] as const

/** What a visitor does to a page: after it, the page is theirs and no longer scrolled for them. */
const VISITOR_ACTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const

/**
 * On every new route: scroll to the top (or to the hash target) and drop focus from the clicked link.
 * Back and forward keep the browser's restored position.
 */
export function ScrollOnNavigate() {
	const { pathname, hash, key } = useLocation()
	const navigationType = useNavigationType()

	// biome-ignore lint/correctness/useExhaustiveDependencies: `key` marks a new navigation even to the same path
	useEffect(() => {
		if (navigationType === 'POP') return
		if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
		if (hash) {
			const target = document.getElementById(decodeURIComponent(hash.slice(1)))
			target?.scrollIntoView({ block: 'start' })
			return
		}
		const timers = SCROLL_TO_TOP_DELAYS_MS.map((delay, index) =>
			window.setTimeout(() => {
				window.scrollTo(0, 0)
				if (index === SCROLL_TO_TOP_DELAYS_MS.length - 1) finish()
			}, delay),
		)
		// Once the visitor acts, a later scroll would move the page under a press begun: its click would land elsewhere.
		const stop = () => {
			for (const timer of timers) window.clearTimeout(timer)
			for (const type of VISITOR_ACTS) document.removeEventListener(type, finish, true)
		}
		function finish() {
			stop()
			// Says on the document that this page's scrolling to the top is over, for tests.
			document.documentElement.dataset.scrolledToTop = pathname
		}
		for (const type of VISITOR_ACTS) document.addEventListener(type, finish, { capture: true, passive: true })
		return stop
	}, [pathname, hash, key, navigationType])
	return null
}
