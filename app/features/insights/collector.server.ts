import { z } from 'zod'
import { decodedLowerCase, isConsolePath, loggedUrl } from '#app/features/console/console-paths.ts'
import { hitRateLimit } from '#app/forms/rate-limit.server.ts'
import { BodyTooLargeError, isCrossOrigin, readLimitedBody } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { CAMPAIGN_PARAMETERS, campaignFromQuery, noSource, referrerHost } from './attribution.ts'
import { isUncounted, recordEvent } from './events.server.ts'
import { SERVER_EVENTS } from './events.ts'

export const MAX_EVENT_BYTES = 4 * 1024
/** Events one client address may send per window; a person browsing quickly stays well under it. */
export const EVENTS_PER_WINDOW = 60
export const EVENTS_WINDOW_SECONDS = 60

const serverOnly = new Set<string>(SERVER_EVENTS)
// PostgreSQL text and jsonb hold neither NUL nor lone surrogates; such an event is refused rather than altered.
const storable = (value: string) => !/[\0\p{Cs}]/u.test(value)
// A browser's location.pathname percent-encodes control characters: raw ones are not from a page of this site.
const sitePath = (value: string) => storable(value) && !/\p{Cc}/u.test(value)
const utf8 = new TextDecoder('utf-8', { fatal: true })

const eventSchema = z.strictObject({
	name: z
		.string()
		.regex(/^[a-z][a-z0-9_]{0,63}$/)
		.refine((name) => !serverOnly.has(name)),
	path: z
		.string()
		.max(512)
		.regex(/^\/[^\s?#]*$/)
		.refine(sitePath),
	props: z
		.record(
			z.string().regex(/^[A-Za-z][\w-]{0,39}$/),
			z.union([z.string().max(200).refine(storable), z.number(), z.boolean(), z.null()]),
		)
		.refine((props) => Object.keys(props).length <= 20)
		.optional(),
	/** A page view's referring site (host), sent with the first page of a visit; cleaned or dropped, never refused. */
	referrer: z.string().max(2048).optional(),
	/** The campaign parameters of a page view's address; cleaned or dropped, never refused. */
	campaign: z.partialRecord(z.enum(CAMPAIGN_PARAMETERS), z.string().max(2048)).optional(),
})

export type CollectorContext = Pick<SiteContext, 'db' | 'logger' | 'clientAddress' | 'routeOf'> & { siteUrl: string }

const answer = (status: number, headers: Record<string, string> = {}) =>
	new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/**
 * POST /_insights/events: validates and stores one event. 204 when it is stored or deliberately not counted (bots,
 * Do Not Track, Global Privacy Control, the console's pages, a database failure, which is only logged), 400, 403, 413, 415 or 429 otherwise.
 */
export async function collectEvent(request: Request, context: CollectorContext): Promise<Response> {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
	if (type !== 'text/plain' && type !== 'application/json') return answer(415)
	if (isCrossOrigin(request, context.siteUrl)) return answer(403)
	let body: Uint8Array<ArrayBuffer>
	try {
		body = await readLimitedBody(request, MAX_EVENT_BYTES)
	} catch (error) {
		return answer(error instanceof BodyTooLargeError ? 413 : 400)
	}
	let json: unknown
	try {
		json = JSON.parse(utf8.decode(body))
	} catch {
		return answer(400)
	}
	const parsed = eventSchema.safeParse(json)
	if (!parsed.success) return answer(400)
	// The console's own pages are operators at work, not visitors.
	if (isUncounted(request.headers) || isConsolePath(decodedLowerCase(parsed.data.path))) return answer(204)
	try {
		const limit = await hitRateLimit(context.db, {
			scope: 'insights',
			clientAddress: context.clientAddress,
			max: EVENTS_PER_WINDOW,
			windowSeconds: EVENTS_WINDOW_SECONDS,
		})
		if (!limit.allowed) return answer(429, { 'Retry-After': String(limit.retryAfterSeconds) })
		const { name, props, referrer, campaign } = parsed.data
		const path = loggedUrl(parsed.data.path)
		const source =
			name === 'page_view'
				? {
						...campaignFromQuery(campaign ?? {}),
						referrer_host: referrerHost(referrer, [new URL(context.siteUrl).hostname, new URL(request.url).hostname]),
					}
				: noSource
		await recordEvent(
			context.db,
			{ clientAddress: context.clientAddress, headers: request.headers },
			{ name, path, props, route: await context.routeOf(path), source },
		)
	} catch (error) {
		context.logger.warn({ err: error }, 'analytics event not recorded')
	}
	return answer(204)
}
