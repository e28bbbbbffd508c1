import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Spec timers: layouts that settle late (images, widgets) could otherwise push the page back down. */
export const SCROLL_TO_TOP_DELAYS_MS = [0, 50, 150] as const

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
				// Says on the document that this page's last scroll to the top has run, for tests: a click before it can miss.
				if (index === SCROLL_TO_TOP_DELAYS_MS.length - 1) document.documentElement.dataset.scrolledToTop = pathname
			}, delay),
		)
		return () => {
			for (const timer of timers) window.clearTimeout(timer)
		}
	}, [pathname, hash, key, navigationType])
	return null
}
