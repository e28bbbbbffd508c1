import type express from 'express'
import type { Database } from '../app/db/client.server.ts'
import {
	consolePaths,
	decodedLowerCase,
	isConsoleDoor,
	isConsolePath,
} from '../app/features/operators/console-paths.ts'
import { readSession, sessionIdFrom } from '../app/features/operators/sessions.server.ts'
import { isDataPath } from '../app/features/site/data-url.ts'

/**
 * Every request under /admin: never cached, never indexed, no referrer to other sites (links carry single-use
 * tokens; `no-referrer` would also make browsers send `Origin: null` with same-origin form posts, which the
 * origin checks must refuse, so forms would not work without JavaScript), and in a browsing context group of their own
 * (COOP: no other site's window keeps a handle on a signed-in page; decision 015 on why the public pages have none). The
 * session is read once here and handed to the console's loaders and actions, which refuse without it (401); a
 * page asked for without a session is sent to the sign-in page, which sends the operator back afterwards.
 */
export function consoleGuard({ db, siteUrl }: { db: Database; siteUrl: string }): express.RequestHandler {
	return async (req, res, next) => {
		const path = decodedLowerCase(req.path)
		if (!isConsolePath(path)) return next()
		res.setHeader('Cache-Control', 'no-store')
		res.setHeader('X-Robots-Tag', 'noindex, nofollow')
		res.setHeader('Referrer-Policy', 'same-origin')
		res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		const id = sessionIdFrom(req.headers.cookie, siteUrl)
		try {
			res.locals.operatorSession = id ? await readSession(db, id) : null
		} catch (error) {
			return next(error)
		}
		const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isDataPath(path)
		if (res.locals.operatorSession || !isPage || isConsoleDoor(path)) return next()
		// An address longer than the sign-in page would take back (safeNextPath) is not carried along.
		const back = req.originalUrl.length <= 500 ? `?next=${encodeURIComponent(req.originalUrl)}` : ''
		res.redirect(303, `${consolePaths.signIn}${back}`)
	}
}
