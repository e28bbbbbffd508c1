const INTERACTIONS = ['scroll', 'wheel', 'pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const

/** Resolves on the visitor's first scroll, pointer movement, touch, key or focus. */
export function firstInteraction(): Promise<void> {
	return new Promise((interacted) => {
		const first = () => {
			for (const type of INTERACTIONS) removeEventListener(type, first, true)
			interacted()
		}
		for (const type of INTERACTIONS) addEventListener(type, first, { capture: true, passive: true })
	})
}
