import { isRouteErrorResponse } from 'react-router'

/** Visited blog data is reused this long on client navigations (spec section 9). */
export const CLIENT_DATA_TTL_MS = 5 * 60_000
const MAX_ATTEMPTS = 4
const MAX_DELAY_MS = 30_000

const visited = new Map<string, { expires: number; data: unknown }>()

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Errors worth another try: the network or the server failing, not an answer such as 404. */
function isTransient(error: unknown) {
	return !isRouteErrorResponse(error) || error.status >= 500
}

/**
 * A blog route's data on a client navigation: from the visited cache when fresh, else from the server
 * with up to 3 retries (1 s, 2 s, 4 s... at most 30 s apart) before the error state shows.
 */
export async function blogClientData<T>(url: string, serverLoader: () => Promise<T>): Promise<T> {
	const key = new URL(url).pathname + new URL(url).search
	const hit = visited.get(key)
	if (hit && hit.expires > Date.now()) return hit.data as T
	for (let attempt = 1; ; attempt++) {
		try {
			const data = await serverLoader()
			visited.set(key, { expires: Date.now() + CLIENT_DATA_TTL_MS, data })
			return data
		} catch (error) {
			if (attempt >= MAX_ATTEMPTS || !isTransient(error)) throw error
			await wait(Math.min(1000 * 2 ** (attempt - 1), MAX_DELAY_MS))
		}
	}
}
