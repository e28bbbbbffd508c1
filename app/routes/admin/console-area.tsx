import { Outlet, useRouteError, useRouteLoaderData } from 'react-router'
import { readOperatorSession, requireConsoleRole } from '#app/features/auth/console-guard.server.ts'
import { ConsoleErrorScreen, consoleErrorHeading } from '#app/features/console/console-error-screen.tsx'
import { consoleMeta } from '#app/features/console/use-console.ts'
import type { RouteHandle } from '#app/features/site/route-handle.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/console-area'

export const handle = { console: true, errorScreen: ConsoleAreaError } satisfies RouteHandle

// Every console route reads the operator's session first, then checks that the operator's role opens it.
export const middleware: Route.MiddlewareFunction[] = [readOperatorSession, requireConsoleRole]

export const meta: Route.MetaFunction = ({ error }) => (error ? consoleMeta(consoleErrorHeading(error)) : [])

export default function ConsoleArea() {
	return <Outlet />
}

/** The console's failure and refusal screen: this route's boundary, and the root's through the handle. */
function ConsoleAreaError({ error }: { error: unknown }) {
	const brandName = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName
	return <ConsoleErrorScreen error={error} brandName={brandName} />
}

export function ErrorBoundary() {
	return <ConsoleAreaError error={useRouteError()} />
}
