import { consolePaths } from '../operators/console-paths.ts'

/**
 * The site path of the page a form was sent from, when the browser said (Referer, on this site only); the query is
 * dropped, since it can hold a single-use token.
 */
export function submittedFromPath(request: Request, siteUrl: string): string | null {
	const referer = request.headers.get('referer')
	if (!referer) return null
	try {
		const from = new URL(referer)
		const hosts = [new URL(request.url).host, new URL(siteUrl).host]
		if (!hosts.includes(from.host)) return null
		return from.pathname.slice(0, 300)
	} catch {
		return null
	}
}

/** The lead's page in the console, as a full address for chat messages. */
export const leadConsoleUrl = (siteUrl: string, kind: string, id: number) =>
	`${siteUrl.replace(/\/+$/, '')}${consolePaths.lead(kind, id)}`
