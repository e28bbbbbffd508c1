import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False in server HTML and while hydrating, true once React runs in the browser. */
export function useHydrated() {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	)
}
