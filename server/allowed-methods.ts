import type { Request, RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import { routePatternOf } from '#app/features/insights/route-pattern.server.ts'
import { isDataPath, pagePathOf } from '#app/features/site/data-url.ts'

type BuildRoute = NonNullable<ServerBuild['routes'][string]>

/** The methods a route takes: a loader or a page answers GET and HEAD, an action POST. */
function methodsOf(module: BuildRoute['module']): string[] {
	return [...(module.loader || module.default ? ['GET', 'HEAD'] : []), ...(module.action ? ['POST'] : [])]
}

/** Route patterns as `routePatternOf` writes them (`/blog/:slug`, `/*`), mapped to the methods their route takes. */
function methodsByPattern(routes: ServerBuild['routes']) {
	const entries = Object.values(routes).flatMap((route) => (route ? [route] : []))
	const parents = new Set(entries.map((route) => route.parentId))
	const patternOf = (route: BuildRoute): string[] => {
		const parent = route.parentId ? routes[route.parentId] : undefined
		const own = (route.path ?? '').replace(/^\/+|\/+$/g, '')
		return [...(parent ? patternOf(parent) : []), ...(own ? [own] : [])]
	}
	// Only the routes a path ends on: the root layout shares `/` with the home page.
	return new Map(
		entries
			.filter((route) => !parents.has(route.id))
			.map((route) => [`/${patternOf(route).join('/')}`, methodsOf(route.module)]),
	)
}

/**
 * The URL `@react-router/express` builds for a request (its `createRemixRequest`, 7.18), or null where building it
 * throws and the adapter answers 500: a Host or X-Forwarded-Host (or X-Forwarded-Proto) that names no host, or none.
 */
function adapterUrl(req: Request): URL | null {
	// No Host at all (HTTP/1.0 allows that): the adapter reads the host name off `undefined`.
	if (req.hostname === undefined) return null
	const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10)
	const forwardedPort = req.app.enabled('trust proxy') ? portOf(req.get('X-Forwarded-Host')) : Number.NaN
	const hostPort = portOf(req.get('host'))
	const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : ''
	const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
	try {
		return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
	} catch {
		return null
	}
}

/**
 * Answers, before React Router sees them, what it cannot take: 405 with `Allow` for a method the route does not
 * take (React Router's adapter throws on TRACE, and it would log its own 405s as errors), 400 for a request it
 * cannot turn into a URL. The methods come from the build's route modules.
 */
export function allowedMethods(serverBuild: () => Promise<ServerBuild>): RequestHandler {
	const tables = new WeakMap<ServerBuild['routes'], Map<string, string[]>>()
	return async (req, res, next) => {
		try {
			const url = adapterUrl(req)
			if (!url) {
				res.status(400).type('text/plain').send('Bad Request')
				return
			}
			const build = await serverBuild()
			let table = tables.get(build.routes)
			if (!table) {
				table = methodsByPattern(build.routes)
				tables.set(build.routes, table)
			}
			// React Router's own route-discovery endpoint is read with GET.
			const allowed =
				url.pathname === build.routeDiscovery.manifestPath
					? ['GET', 'HEAD']
					: table.get(routePatternOf(build.routes, pagePathOf(url.pathname)) ?? '')
			if (!allowed?.length || allowed.includes(req.method)) return next()
			res.set('Allow', allowed.join(', '))
			// A page posted to without an action: React Router answers 405 with its styled error screen.
			if (req.method === 'POST' && !isDataPath(url.pathname)) return next()
			res.status(405).type('text/plain').send('Method Not Allowed')
		} catch (error) {
			next(error)
		}
	}
}
