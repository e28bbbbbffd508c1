import type { Page, Route } from '@playwright/test'

/** React Router's data requests (`/pricing.data`, `/blog/<slug>.data?_routes=…`), and nothing else. */
const isDataRequest = (url: URL) => url.pathname.endsWith('.data')

/** How a data request fails: the server answers 500, or the network drops it. */
export type DataFailure = { name: string; fail: (route: Route) => Promise<void> }

export const dataFailures: DataFailure[] = [
	{
		name: 'the server answers 500',
		fail: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
	},
	{ name: 'the network drops', fail: (route) => route.abort('internetdisconnected') },
]

/**
 * Makes every data request of `page` fail, the header's hover prefetches too (so none warms a later navigation);
 * counts only the router's own fetches, which a navigation makes. Returns the count and what lets requests through.
 */
export async function failDataRequests(page: Page, failure: DataFailure) {
	const tried = { count: 0 }
	const handler = (route: Route) => {
		if (route.request().resourceType() === 'fetch') tried.count++
		return failure.fail(route)
	}
	await page.route(isDataRequest, handler)
	return { tried, letThrough: () => page.unroute(isDataRequest, handler) }
}
