import { collectEvent } from '#app/features/insights/collector.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/insights-events'

export function loader() {
	return new Response(null, { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } })
}

export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	if (request.method !== 'POST') return loader()
	return collectEvent(request, { ...site, siteUrl: site.config.SITE_URL })
}
