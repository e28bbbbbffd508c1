import type { Route } from 'playwright-core'

/** React Router's data requests (`/pricing.data`, `/blog/<slug>.data?_routes=…`). */
export const DATA_REQUESTS = '**/*.data*'

/** How a data request fails: the server answers 500, or the network drops it. */
export type DataFailure = { name: string; fail: (route: Route) => Promise<void> }

export const dataFailures: DataFailure[] = [
	{
		name: 'the server answers 500',
		fail: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
	},
	{ name: 'the network drops', fail: (route) => route.abort('internetdisconnected') },
]
