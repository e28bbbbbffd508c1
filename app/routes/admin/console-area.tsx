import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from 'react-router'
import { consoleCopy } from '#app/content/console.ts'
import { readOperatorSession, requireConsoleRole } from '#app/features/auth/console-guard.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { DoorShell } from '#app/features/console/console-shell.tsx'
import { consoleMeta } from '#app/features/console/use-console.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/console-area'

export const handle = { console: true }

// Every console route reads the operator's session first, then checks that the operator's role opens it.
export const middleware: Route.MiddlewareFunction[] = [readOperatorSession, requireConsoleRole]

export const meta: Route.MetaFunction = ({ error }) =>
	error ? consoleMeta(isForbidden(error) ? consoleCopy.forbidden.heading : consoleCopy.failure.heading) : []

const isForbidden = (error: unknown) => isRouteErrorResponse(error) && error.status === 403

export default function ConsoleArea() {
	return <Outlet />
}

/** A console route the operator's role does not open (the role check above); the pages below have their own. */
export function ErrorBoundary() {
	const error = useRouteError()
	const brandName = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? ''
	const copy = isForbidden(error)
		? consoleCopy.forbidden
		: { ...consoleCopy.failure, link: consoleCopy.navigationLabel }
	return (
		<DoorShell brandName={brandName}>
			<h1 className="text-xl font-bold text-slate-900">{copy.heading}</h1>
			<p className="mt-2 text-slate-700">{copy.text}</p>
			<a href={consolePaths.signIn} className="mt-4 inline-block font-semibold text-brand-700 underline">
				{copy.link}
			</a>
		</DoorShell>
	)
}
