import { consolePaths } from '#app/features/console/console-paths.ts'

/** The address of the page a form was sent from, when the browser said (Referer) and it is on this site. */
export function submittedFrom(request: Request, siteUrl: string): URL | null {
	const referer = request.headers.get('referer')
	if (!referer) return null
	try {
		const from = new URL(referer)
		const hosts = [new URL(request.url).host, new URL(siteUrl).host]
		return hosts.includes(from.host) ? from : null
	} catch {
		return null
	}
}

/** The site path of the page a form was sent from; the query is dropped, since it can hold a single-use token. */
export const submittedFromPath = (request: Request, siteUrl: string) =>
	submittedFrom(request, siteUrl)?.pathname.slice(0, 300) ?? null

/** The lead's page in the console, as a full address for chat messages. */
export const leadConsoleUrl = (siteUrl: string, kind: string, id: number) =>
	`${siteUrl.replace(/\/+$/, '')}${consolePaths.lead(kind, id)}`
