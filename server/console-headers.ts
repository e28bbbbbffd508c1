import type express from 'express'
import { decodedLowerCase, isConsolePath } from '#app/features/console/console-paths.ts'

/**
 * Every response under /admin: never cached, never indexed, no referrer to other sites (links carry single-use
 * tokens; `no-referrer` would also make browsers send `Origin: null` with same-origin form posts, which the
 * origin checks must refuse, so forms would not work without JavaScript), and in a browsing context group of their own
 * (COOP: no other site's window keeps a handle on a signed-in page; decision 015 on why the public pages have none).
 * The session and the sign-in redirect are the console routes' middleware (console-guard.server.ts).
 */
export function consoleHeaders(): express.RequestHandler {
	return (req, res, next) => {
		if (isConsolePath(decodedLowerCase(req.path))) {
			res.setHeader('Cache-Control', 'no-store')
			res.setHeader('X-Robots-Tag', 'noindex, nofollow')
			res.setHeader('Referrer-Policy', 'same-origin')
			res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		}
		next()
	}
}
