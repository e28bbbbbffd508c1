import { collectEvent } from '../features/insights/collector.server.ts'
import type { Route } from './+types/insights-events'

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } })
}

export function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return loader()
	return collectEvent(request, { ...context, siteUrl: context.config.SITE_URL })
}
