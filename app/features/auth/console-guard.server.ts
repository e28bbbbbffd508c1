import { data, type MiddlewareFunction, redirect } from 'react-router'
import { consoleCopy } from '#app/content/console.ts'
import type { ConsoleRefusal } from '#app/features/console/console-error-screen.tsx'
import { consolePaths, MAX_NEXT_PATH } from '#app/features/console/console-paths.ts'
import { BROWSER_TIME_ZONE_COOKIE, isTimeZone } from '#app/features/console/time-zone.ts'
import { consoleTitle } from '#app/features/console/use-console.ts'
import { isDataPath } from '#app/features/document/data-url.ts'
import { mayOpen } from '#app/features/operators/roles.ts'
import { siteContext } from '#app/load-context.ts'
import { cookieValue, type OperatorSession, readSession, sessionIdFrom } from './sessions.server.ts'

/**
 * Every console route: the operator's session, read once from the cookie and handed to the loaders and actions,
 * which refuse without it (401). Whatever the address's spelling (`/ADMIN/%6Fperators`), the router matched it here.
 */
export const readOperatorSession: MiddlewareFunction<Response> = async ({ request, context }) => {
	const site = context.get(siteContext)
	const cookies = request.headers.get('cookie')
	const id = sessionIdFrom(cookies, site.config.SITE_URL)
	const browserZone = cookieValue(cookies, BROWSER_TIME_ZONE_COOKIE) ?? ''
	const session = id ? await readSession(site.db, id, isTimeZone(browserZone) ? browserZone : null) : null
	context.set(siteContext, { ...site, operatorSession: session })
}

/**
 * The console's pages: opened without a session, they send the person to the sign-in page, which sends the operator
 * back afterwards. Data requests and posts are not sent away: their loaders and actions answer 401.
 */
export const requireSignedInPage: MiddlewareFunction<Response> = ({ request, url, context }) => {
	if (context.get(siteContext).operatorSession) return
	const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isDataPath(new URL(request.url).pathname)
	if (!isPage) return
	const back = `${url.pathname}${url.search}`
	throw redirect(
		// A longer return address is not carried along: the sign-in page would not take it back.
		back.length <= MAX_NEXT_PATH ? `${consolePaths.signIn}?next=${encodeURIComponent(back)}` : consolePaths.signIn,
		303,
	)
}

/**
 * Every console route: a signed-in operator whose role does not open the route (`roles.ts`) gets 403 for the page, its
 * data and its posts alike, before any loader or action runs. React Router hands it to the root's boundary without
 * any loader's data, so the refusal carries the brand and title the console's screen shows.
 */
export const requireConsoleRole: MiddlewareFunction<Response> = ({ pattern, context }) => {
	const site = context.get(siteContext)
	const session = site.operatorSession
	if (session && !mayOpen(session.operator.role, pattern)) {
		const refusal: ConsoleRefusal = {
			brandName: site.config.BRAND_NAME,
			title: consoleTitle(consoleCopy.forbidden.heading),
		}
		throw data(refusal, { status: 403 })
	}
}

/**
 * The changes that ask for the operator's password again (another's account, ownership, a backup, a lead export): a
 * session that has not proved it is its operator in the last few minutes goes to the confirmation page, then `back`.
 */
export function requireRecentConfirmation(session: OperatorSession, back: string) {
	if (!session.recentlyConfirmed) throw redirect(consolePaths.confirm(back), 303)
}
