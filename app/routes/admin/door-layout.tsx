import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from 'react-router'
import { consoleCopy } from '#app/content/console.ts'
import { DoorShell } from '#app/features/console/console-error-screen.tsx'
import { consoleMeta } from '#app/features/console/use-console.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/door-layout'

export const handle = { console: true }

/** The title of the error below; the door's pages have their own. */
export const meta: Route.MetaFunction = ({ error }) =>
	error
		? consoleMeta(
				isRouteErrorResponse(error) && error.status === 404
					? consoleCopy.notFound.heading
					: consoleCopy.failure.heading,
			)
		: []

function Door({ children }: { children: React.ReactNode }) {
	const brandName = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? ''
	return <DoorShell brandName={brandName}>{children}</DoorShell>
}

export default function DoorLayout() {
	return (
		<Door>
			<Outlet />
		</Door>
	)
}

/** A link that is unknown, used or expired is simply not there: a 404 that tells nothing more. */
export function ErrorBoundary() {
	const error = useRouteError()
	const copy = isRouteErrorResponse(error) && error.status === 404 ? consoleCopy.notFound : consoleCopy.failure
	return (
		<Door>
			<h1 className="text-xl font-bold text-slate-900">{copy.heading}</h1>
			<p className="mt-2 text-slate-700">{copy.text}</p>
		</Door>
	)
}
