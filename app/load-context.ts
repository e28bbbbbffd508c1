import type { Logger } from 'pino'
import type { Database } from './db/client.server.ts'
import type { OperatorSession } from './features/operators/sessions.server.ts'
import type { Config } from './features/site/config.server.ts'

declare module 'react-router' {
	interface AppLoadContext {
		cspNonce: string
		db: Database
		config: Config
		logger: Logger
		clientAddress: string
		/** The route pattern (such as /blog/:slug) that serves a path; the analytics collector records it. */
		routeOf: (path: string) => Promise<string | null>
		/** Console requests: the signed-in operator, read from the session cookie before React Router runs. */
		operatorSession: OperatorSession | null
		/** The path cannot be decoded (such as /%ZZ): the catch-all route answers it with a 400. */
		malformedAddress?: boolean
	}
}
