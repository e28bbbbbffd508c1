import { requireSignedInPage } from '#app/features/auth/console-guard.server.ts'
import { inboxExportResponse } from '#app/features/inbox/inbox-export.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/inbox-export'

export const middleware: Route.MiddlewareFunction[] = [requireSignedInPage]

export function loader({ request, url, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	return inboxExportResponse(request, url, site)
}
