import { inboxExportResponse } from '../../features/inbox/inbox-export.server.ts'
import type { Route } from './+types/inbox-export'

export function loader({ request, context }: Route.LoaderArgs) {
	return inboxExportResponse(request, context)
}
