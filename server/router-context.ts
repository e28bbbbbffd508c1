import { RouterContextProvider, type ServerBuild } from 'react-router'
import { routeMethodsOf } from '#app/features/document/route-methods.server.ts'
import type { requestContextKeys, SiteContext } from '#app/load-context.ts'

type EntryWithKeys = ServerBuild['entry']['module'] & { requestContextKeys: typeof requestContextKeys }

/**
 * The request context for React Router's handler, keyed by the build's own context keys: the server is compiled
 * apart from the build (and in development Vite loads its own copy), and a key from another copy finds nothing.
 */
export function routerContextFrom(build: ServerBuild, site: SiteContext, nonce: string): RouterContextProvider {
	const keys = (build.entry.module as EntryWithKeys).requestContextKeys
	const provider = new RouterContextProvider()
	provider.set(keys.site, site)
	provider.set(keys.document, { nonce, logger: site.logger })
	provider.set(keys.routeMethods, routeMethodsOf(build.routes))
	return provider
}
