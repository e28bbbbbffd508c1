import { isRouteErrorResponse, Outlet, useLocation, useMatches, useRouteError, useRouteLoaderData } from 'react-router'
import { consoleCopy } from '#app/content/console.ts'
import { requireSignedInPage } from '#app/features/auth/console-guard.server.ts'
import { takeFlash } from '#app/features/auth/sessions.server.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { DoorShell } from '#app/features/console/console-error-screen.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsoleShell } from '#app/features/console/console-shell.tsx'
import { FlashMessage } from '#app/features/console/flash-message.tsx'
import { useBrowserTimeZoneNoted } from '#app/features/console/moment.tsx'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { attentionCount } from '#app/features/inbox/inbox.server.ts'
import { AccountNotices } from '#app/features/operators/account-notices.tsx'
import { takeUnseenNotices } from '#app/features/operators/notices.server.ts'
import { mayOpen } from '#app/features/operators/roles.ts'
import { siteContext } from '#app/load-context.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/console-layout'

export const handle = { console: true }

export const middleware: Route.MiddlewareFunction[] = [requireSignedInPage]

/** The attention count in the navigation changes with what operators do on any page (opening a lead reads it). */
export const shouldRevalidate = () => true

/** The title of the error below (a missing page, an ended session); the console's pages have their own. */
export const meta: Route.MetaFunction = ({ error }) => {
	if (!error) return []
	const status = isRouteErrorResponse(error) ? error.status : 500
	const copy =
		status === 401 || status === 403
			? consoleCopy.sessionEnded
			: status === 404
				? notFoundCopy(error)
				: consoleCopy.failure
	return consoleMeta(copy.heading)
}

export async function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	const { operator, csrfToken } = session
	return {
		operator: { id: operator.id, displayName: operator.displayName, role: operator.role },
		csrfToken,
		timeZone: session.timeZone,
		sendingOff: !site.config.SMTP_URL,
		// Relative times ("5 minutes ago") count from here, in the server's render and the browser's alike.
		now: new Date().toISOString(),
		// The count is about leads: only a role that works them sees it.
		attention: mayOpen(operator.role, consolePaths.inbox) ? await attentionCount(site.db) : 0,
		// What others did to this account since the operator was last here, shown once.
		notices: await takeUnseenNotices(site.db, operator.id),
		// The outcome of the post without JavaScript that led here (Post/Redirect/Get), shown once.
		flash: await takeFlash(site.db, session.sessionKey),
	}
}

/** A 404 that says what is missing (a lead) in its own words; any other, the console's. */
function notFoundCopy(error: unknown) {
	const payload = isRouteErrorResponse(error) ? (error.data as { heading?: unknown; text?: unknown }) : null
	return typeof payload?.heading === 'string' && typeof payload.text === 'string'
		? { heading: payload.heading, text: payload.text }
		: consoleCopy.notFound
}

/** A page that changed the count while the layout was counting (opening an unread message) gives the newer one. */
function useAttention(counted: number) {
	const fresher = useMatches()
		.map((match) => (match.loaderData as { attention?: unknown } | undefined)?.attention)
		.findLast((value) => typeof value === 'number')
	return typeof fresher === 'number' ? fresher : counted
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
	const brandName = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? ''
	const attention = useAttention(loaderData.attention)
	useBrowserTimeZoneNoted(loaderData.timeZone)
	return (
		<ConsoleShell
			brandName={brandName}
			operatorName={loaderData.operator.displayName}
			role={loaderData.operator.role}
			csrfToken={loaderData.csrfToken}
			attention={attention}
		>
			<AccountNotices notices={loaderData.notices} />
			{loaderData.flash ? <FlashMessage flash={loaderData.flash} /> : null}
			<Outlet />
		</ConsoleShell>
	)
}

/** A console page that failed: a session that ended (sign in again, and come back here), a missing page, or a fault. */
export function ErrorBoundary() {
	const error = useRouteError()
	const location = useLocation()
	const brandName = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? ''
	const layout = useRouteLoaderData<typeof loader>('routes/admin/console-layout')
	const status = isRouteErrorResponse(error) ? error.status : 500
	const here = `${location.pathname}${location.search}`
	if (status === 401 || status === 403) {
		return (
			<DoorShell brandName={brandName}>
				<h1 className="text-xl font-bold text-slate-900">{consoleCopy.sessionEnded.heading}</h1>
				<p className="mt-2 text-slate-700">{consoleCopy.sessionEnded.text}</p>
				<a
					href={`${consolePaths.signIn}?next=${encodeURIComponent(here)}`}
					className="mt-4 inline-block font-semibold text-brand-700 underline"
				>
					{consoleCopy.sessionEnded.link}
				</a>
			</DoorShell>
		)
	}
	const copy = status === 404 ? notFoundCopy(error) : consoleCopy.failure
	const message = (
		<>
			<h1 className="text-xl font-bold text-slate-900">{copy.heading}</h1>
			<p className="mt-2 text-slate-700">{copy.text}</p>
		</>
	)
	// A page of the console failed but the operator is signed in: the error sits inside the console's shell.
	if (layout) {
		return (
			<ConsoleShell
				brandName={brandName}
				operatorName={layout.operator.displayName}
				role={layout.operator.role}
				csrfToken={layout.csrfToken}
				attention={layout.attention}
			>
				{message}
			</ConsoleShell>
		)
	}
	return (
		<DoorShell brandName={brandName}>
			{message}
			<a href={consolePaths.home} className="mt-4 inline-block font-semibold text-brand-700 underline">
				{consoleCopy.navigationLabel}
			</a>
		</DoorShell>
	)
}
