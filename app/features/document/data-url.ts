/**
 * React Router's data requests name a page: `/pricing.data` for `/pricing`, `/_.data` for `/` (and `/blog/_.data`
 * for `/blog/`). The one module that knows the format, for what runs before the router or reads a raw request.
 */
const DATA_SUFFIX = '.data'

/** The query parameter a data request names the routes it loads with. */
export const ROUTES_PARAM = '_routes'

export const isDataPath = (pathname: string) => pathname.endsWith(DATA_SUFFIX)

/** The page a path asks for: itself, or the page whose data it is. */
export function pagePathOf(pathname: string) {
	if (!isDataPath(pathname)) return pathname
	const page = pathname.slice(0, -DATA_SUFFIX.length)
	return page.endsWith('/_') ? page.slice(0, -1) : page
}
