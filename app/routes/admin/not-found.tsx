import { data } from 'react-router'
import { requireOperator } from '#app/features/console/console.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/not-found'

/** An address under /admin that is no console page: 404 inside the console, for signed-in operators only. */
export function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	throw data(null, { status: 404 })
}

export default function ConsoleNotFound() {
	return null
}
