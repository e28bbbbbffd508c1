import { insightsScriptResponse } from '#app/features/insights/script.server.ts'
import type { Route } from './+types/insights-script'

export function loader({ request }: Route.LoaderArgs) {
	return insightsScriptResponse(request)
}
