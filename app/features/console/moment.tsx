import { useEffect } from 'react'
import { useRevalidator, useRouteLoaderData } from 'react-router'
import { operatorsCopy } from '#app/content/console.ts'
import type { loader } from '#app/routes/admin/console-layout.tsx'
import { consolePaths } from './console-paths.ts'
import { BROWSER_TIME_ZONE_COOKIE, DEFAULT_TIME_ZONE, exactMoment, listMoment, relativeMoment } from './time-zone.ts'

/** The zone and the moment the console's page was made at: the server and the browser then write the same words. */
export function useConsoleTime() {
	const data = useRouteLoaderData<typeof loader>('routes/admin/console-layout')
	return { zone: data?.timeZone.shown ?? DEFAULT_TIME_ZONE, now: data?.now }
}

/**
 * A moment of the console's records in the operator's time zone, with how long ago it was; the exact time, and the
 * UTC one, on hover and on focus.
 */
export function Moment({ value }: { value: string | null }) {
	const { zone, now } = useConsoleTime()
	if (!value) return <>{operatorsCopy.never}</>
	const date = new Date(value)
	const exact = exactMoment(date, zone)
	const shown = now ? `${listMoment(date, zone)} · ${relativeMoment(date, new Date(now))}` : listMoment(date, zone)
	return (
		// The browser's ICU may word a date apart from the server's: the server's words stay.
		<time
			dateTime={date.toISOString()}
			title={exact}
			data-exact={exact}
			// biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the exact time, as hover does, to keyboard users.
			tabIndex={0}
			className="console-moment"
			suppressHydrationWarning
		>
			{shown}
		</time>
	)
}

/**
 * Tells the server the browser's time zone (a console cookie), for an operator who chose none; when the page was
 * made in another zone, its times are read again in the browser's.
 */
export function useBrowserTimeZoneNoted(timeZone: { chosen: string | null; shown: string }) {
	const revalidator = useRevalidator()
	// Once per console visit: the zone does not change while a page is open.
	// biome-ignore lint/correctness/useExhaustiveDependencies: see above.
	useEffect(() => {
		const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
		if (!zone || document.cookie.split('; ').includes(`${BROWSER_TIME_ZONE_COOKIE}=${zone}`)) return
		const year = 365 * 24 * 3600
		const noted =
			typeof cookieStore === 'undefined'
				? Promise.resolve(noteInDocumentCookie(zone, year))
				: cookieStore.set({
						name: BROWSER_TIME_ZONE_COOKIE,
						value: zone,
						path: consolePaths.root,
						expires: Date.now() + year * 1000,
					})
		void noted.then(() => {
			if (!timeZone.chosen && timeZone.shown !== zone) return revalidator.revalidate()
		})
	}, [])
}

/** For browsers without the Cookie Store API; a zone name holds only cookie-safe characters. */
function noteInDocumentCookie(zone: string, maxAgeSeconds: number) {
	// biome-ignore lint/suspicious/noDocumentCookie: the fallback where the Cookie Store API is missing.
	document.cookie = `${BROWSER_TIME_ZONE_COOKIE}=${zone}; Path=${consolePaths.root}; Max-Age=${maxAgeSeconds}; SameSite=Lax`
}
