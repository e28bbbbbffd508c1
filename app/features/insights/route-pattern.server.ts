import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

const matchers = new WeakMap<ServerBuild['routes'], (path: string) => string | null>()

function matcherFor(routes: ServerBuild['routes']) {
	const entries = Object.values(routes).flatMap((route) => (route ? [route] : []))
	const nodes = new Map<string, RouteObject>(
		entries.map((route) => {
			const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive }
			return [route.id, route.index ? { ...base, index: true } : { ...base, children: [] }]
		}),
	)
	const roots: RouteObject[] = []
	for (const route of entries) {
		const node = nodes.get(route.id)
		const parent = route.parentId ? nodes.get(route.parentId) : undefined
		if (node) (parent?.children ?? roots).push(node)
	}
	return (pathname: string) => {
		const matches = matchRoutes(roots, pathname)
		if (!matches) return null
		const segments = matches.map((match) => (match.route.path ?? '').replace(/^\/+|\/+$/g, ''))
		return `/${segments.filter(Boolean).join('/')}`
	}
}

/** The route pattern (`/blog/:slug`, `/*`) serving a path, from the build's route table; null when none does. */
export function routePatternOf(routes: ServerBuild['routes'], path: string): string | null {
	let matcher = matchers.get(routes)
	if (!matcher) {
		matcher = matcherFor(routes)
		matchers.set(routes, matcher)
	}
	return matcher(path)
}
