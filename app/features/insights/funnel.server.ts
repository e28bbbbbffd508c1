import type { Logger } from 'pino'
import type { Database } from '#app/db/client.server.ts'
import { pagePathOf } from '#app/features/document/data-url.ts'
import { type VisitAttribution, visitSource } from './attribution.ts'
import { isUncounted, recordEvent } from './events.server.ts'
import type { EventProps, ServerEventName } from './events.ts'

/**
 * Records a funnel step once its submission is stored, with where the visit came from. The server does it rather than the browser, so it counts
 * with JavaScript off and is never counted twice. Failures are only logged: analytics never fails a submission.
 */
export async function trackFunnelEvent(
	context: { db: Database; logger: Logger; clientAddress: string },
	request: Request,
	attribution: VisitAttribution,
	name: ServerEventName,
	props: EventProps = {},
) {
	if (isUncounted(request.headers)) return
	// A post with JavaScript goes to the page's data URL (`/contact.data`); the funnel counts the page.
	const path = pagePathOf(new URL(request.url).pathname)
	try {
		// The lead forms' actions are static routes, so the path is the route pattern.
		await recordEvent(
			context.db,
			{ clientAddress: context.clientAddress, headers: request.headers },
			{ name, route: path, path, props, source: visitSource(attribution) },
		)
	} catch (error) {
		context.logger.warn({ err: error, event: name }, 'funnel event not recorded')
	}
}
