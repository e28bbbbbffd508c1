import { data, type MiddlewareFunction, type ServerBuild } from 'react-router'
import { routePatternOf } from '#app/features/insights/route-pattern.server.ts'
import { type RouteMethods, routeMethodsContext } from '#app/load-context.ts'
import { pagePathOf } from './data-url.ts'

type BuildRoute = NonNullable<ServerBuild['routes'][string]>

/** The methods React Router runs route middleware for; it refuses any other before route code runs. */
export const ROUTER_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])

const READ_METHODS = ['GET', 'HEAD'] as const

/** A loader or a page answers GET and HEAD, an action POST: nothing else reaches a route's code. */
function methodsOf(module: BuildRoute['module']): string[] {
	return [...(module.loader || module.default ? READ_METHODS : []), ...(module.action ? ['POST'] : [])]
}

const tables = new WeakMap<ServerBuild['routes'], RouteMethods>()

/** The route methods of a build, by the pattern the router gives middleware for a request. */
export function routeMethodsOf(routes: ServerBuild['routes']): RouteMethods {
	const known = tables.get(routes)
	if (known) return known
	const entries = Object.values(routes).flatMap((route) => (route ? [route] : []))
	const parents = new Set(entries.map((route) => route.parentId))
	const pathsOf = (route: BuildRoute): string[] => {
		const parent = route.parentId ? routes[route.parentId] : undefined
		return [...(parent ? pathsOf(parent) : []), ...(route.path ? [route.path] : [])]
	}
	// Only the routes a path ends on: the root layout shares `/` with the home page.
	const byPattern = new Map(
		entries
			.filter((route) => !parents.has(route.id))
			.map((route) => [pathsOf(route).join('/').replace(/\/\/+/g, '/') || '/', methodsOf(route.module)]),
	)
	const table: RouteMethods = (pattern) => byPattern.get(pattern)
	tables.set(routes, table)
	return table
}

/**
 * The methods the route serving a raw request path takes, for what the router never sees (a method it refuses before
 * middleware); its discovery manifest is read with GET.
 */
export function allowedMethodsAt(build: ServerBuild, pathname: string): readonly string[] {
	if (pathname === build.routeDiscovery.manifestPath) return READ_METHODS
	const pattern = routePatternOf(build.routes, pagePathOf(pathname))
	return (pattern && routeMethodsOf(build.routes)(pattern.slice(1) || '/')) || READ_METHODS
}

/** Says which methods the route takes on every 405, the router's own (a page posted to without an action) included. */
export const announceAllowedMethods: MiddlewareFunction<Response> = async ({ pattern, context }, next) => {
	const response = await next()
	const allowed = context.get(routeMethodsContext)(pattern)
	if (response.status === 405 && allowed?.length) response.headers.set('Allow', allowed.join(', '))
	return response
}

/** Refuses a method the route does not take before its loader or action runs: an action answers POST only. */
export const refuseOtherMethods: MiddlewareFunction<Response> = ({ request, pattern, context }) => {
	const allowed = context.get(routeMethodsContext)(pattern)
	if (allowed?.length && !allowed.includes(request.method))
		throw data(null, { status: 405, statusText: 'Method Not Allowed' })
}
