import type { RequestHandler, Response } from 'express'
import type { ServerBuild } from 'react-router'
import { allowedMethodsAt, ROUTER_METHODS } from '#app/features/document/route-methods.server.ts'

/**
 * Answers 405 with `Allow` for a method React Router never runs (TRACE and CONNECT cannot even make a Fetch request;
 * it would refuse OPTIONS or PROPFIND itself, without `Allow`, and log each as an error). The router's own methods
 * meet the route middleware in `app/root.tsx`.
 */
export function refuseUnroutableMethods(serverBuild: () => Promise<ServerBuild>): RequestHandler {
	return async (req, res, next) => {
		if (ROUTER_METHODS.has(req.method)) return next()
		try {
			res.set('Allow', allowedMethodsAt(await serverBuild(), req.path).join(', '))
			res.status(405).type('text/plain').send('Method Not Allowed')
		} catch (error) {
			next(error)
		}
	}
}

/** Marks a request React Router's adapter turned into a Fetch request: it asks for the load context only then. */
export const markRequestBuilt = (res: Response) => {
	res.locals.requestBuilt = true
}

/**
 * The adapter's handler, with its own failure to build a Fetch request (a Host or X-Forwarded-Host that names no
 * host, or no Host at all) answered as the client's fault: 400, not 500.
 */
export function answerUnbuildableRequests(adapter: RequestHandler): RequestHandler {
	return (req, res, next) =>
		adapter(req, res, (error?: unknown) => {
			if (!error || res.locals.requestBuilt || res.headersSent) return next(error)
			res.status(400).type('text/plain').send('Bad Request')
		})
}
