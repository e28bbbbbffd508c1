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

/** A blog page whose data could not be loaded: it shows its empty or Post Not Found state with a retry link. */
export type BlogUnavailable = { unavailable: true }

/**
 * A blog route's data on a client navigation: from the visited cache when fresh, else from the server with up to
 * 3 retries (1 s, 2 s, 4 s... at most 30 s apart). When it still fails the page stays in the layout and shows its
 * unavailable state (spec: blog fetches return empty data on error), which is not cached so a retry asks again.
 */
export async function blogClientData<T>(url: string, serverLoader: () => Promise<T>): Promise<T | BlogUnavailable> {
	const { pathname, search } = new URL(url)
	const key = pathname + search
	const hit = visited.get(key)
	if (hit && hit.expires > Date.now()) return hit.data as T
	for (let attempt = 1; ; attempt++) {
		try {
			const data = await serverLoader()
			visited.set(key, { expires: Date.now() + CLIENT_DATA_TTL_MS, data })
			return data
		} catch (error) {
			// A redirect arrives as a thrown Response: React Router follows it.
			if (error instanceof Response) throw error
			if (attempt >= MAX_ATTEMPTS || !isTransient(error)) return { unavailable: true }
			await wait(Math.min(1000 * 2 ** (attempt - 1), MAX_DELAY_MS))
		}
	}
}
