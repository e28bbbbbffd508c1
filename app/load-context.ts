import type { Logger } from 'pino'
import { createContext } from 'react-router'
import type { OperatorSession } from '#app/features/auth/sessions.server.ts'
import { PRERENDER_NONCE } from '#app/features/document/csp.ts'
import type { Database } from './db/client.server.ts'
import type { Config } from './features/site/config.server.ts'

/** What the server hands every loader and action: one typed entry of React Router's request context. */
export type SiteContext = {
	db: Database
	config: Config
	logger: Logger
	clientAddress: string
	/** The route pattern (such as /blog/:slug) that serves a path; the analytics collector records it. */
	routeOf: (path: string) => Promise<string | null>
	/** Console requests: the signed-in operator, read from the session cookie by the console routes' middleware. */
	operatorSession: OperatorSession | null
	/** The path cannot be decoded (such as /%ZZ): the catch-all route answers it with a 400. */
	malformedAddress?: boolean
}

export const siteContext = createContext<SiteContext>()

/** What the document renderer needs; build-time prerendering has no server, so it gets the placeholder nonce. */
export type DocumentFacts = { nonce: string; logger?: Logger }

export const documentContext = createContext<DocumentFacts>({ nonce: PRERENDER_NONCE })

/** The methods the route at a pattern (in the router's own form: `blog/:slug`, `/`, `*`) takes; undefined for none. */
export type RouteMethods = (pattern: string) => readonly string[] | undefined

/** Filled by the server from the build it runs: route modules are known only to the build. */
export const routeMethodsContext = createContext<RouteMethods>(() => undefined)

/** The keys of the request context, which the server fills from the build it runs (see server/router-context.ts). */
export const requestContextKeys = { site: siteContext, document: documentContext, routeMethods: routeMethodsContext }
