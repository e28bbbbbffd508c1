import { useRouteLoaderData } from 'react-router'
import type { loader } from '#app/routes/admin/console-layout.tsx'

/** The signed-in operator and the session's CSRF token, from the console's layout. */
export function useConsole() {
	const data = useRouteLoaderData<typeof loader>('routes/admin/console-layout')
	if (!data) throw new Error('useConsole outside the console layout')
	return data
}

/** A console page's title. */
export const consoleTitle = (heading: string) => `${heading} | Console`

/** Page titles of the console; it is never indexed. */
export function consoleMeta(title: string) {
	return [{ title: consoleTitle(title) }, { name: 'robots', content: 'noindex, nofollow' }]
}
