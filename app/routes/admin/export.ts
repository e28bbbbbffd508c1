import { adminExportResponse } from '../../features/leads/export.server.ts'
import type { Route } from './+types/export'

export function loader({ request, params, context }: Route.LoaderArgs) {
	return adminExportResponse(request, params.file, context)
}
