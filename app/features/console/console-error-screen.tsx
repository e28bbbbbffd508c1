import type { ReactNode } from 'react'
import { isRouteErrorResponse } from 'react-router'
import { consoleErrorCopy as copy } from '#app/content/console-errors.ts'
import { CONSOLE_ROOT } from '#app/features/console/console-root.ts'
import { BrandMark } from '#app/features/layout/brand-mark.tsx'

/** The pages a person reaches before signing in: the sign-in page and the single-use links. */
export function DoorShell({ brandName, children }: { brandName: string; children: ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-12">
			<header className="flex items-center gap-2 font-semibold text-slate-900">
				<BrandMark />
				<span>
					{brandName} {copy.brandSuffix}
				</span>
			</header>
			<main
				id="main"
				tabIndex={-1}
				className="mt-8 w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm outline-none sm:p-8"
			>
				{children}
			</main>
		</div>
	)
}

/** What a refusal by the console's role check carries: no loader ran, so the root's boundary and meta get it here. */
export type ConsoleRefusal = { brandName: string; title: string }

/** The role check's refusal, told apart from any other 403 by what it carries. */
export const isConsoleRefusal = (error: unknown) =>
	isRouteErrorResponse(error) && error.status === 403 && typeof (error.data as ConsoleRefusal)?.brandName === 'string'

/** The heading (and title) of a console route's failure: a refusal says so. */
export const consoleErrorHeading = (error: unknown) =>
	isConsoleRefusal(error) ? copy.forbidden.heading : copy.failure.heading

/**
 * A console route that failed, or that the operator's role does not open (a 403 from the role check, which React
 * Router hands to the root's boundary), in the console's own door layout with its way back.
 */
export function ConsoleErrorScreen({ error, brandName }: { error: unknown; brandName: string | undefined }) {
	const refused = isConsoleRefusal(error)
	const words = refused ? copy.forbidden : { ...copy.failure, link: copy.navigationLabel }
	const carried = refused ? (error as { data: ConsoleRefusal }).data.brandName : undefined
	return (
		<DoorShell brandName={brandName ?? carried ?? ''}>
			<h1 className="text-xl font-bold text-slate-900">{words.heading}</h1>
			<p className="mt-2 text-slate-700">{words.text}</p>
			<a href={CONSOLE_ROOT} className="mt-4 inline-block font-semibold text-brand-700 underline">
				{words.link}
			</a>
		</DoorShell>
	)
}
