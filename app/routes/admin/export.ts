import { adminExportResponse } from '#app/features/leads/export.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/export'

export function loader({ request, url, params, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	return adminExportResponse(request, url, params.file, site)
}
