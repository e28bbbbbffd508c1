import { sql } from 'drizzle-orm'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { loggedUrl } from '#app/features/console/console-paths.ts'
import { submittedFrom } from '#app/features/inbox/lead-origin.server.ts'
import {
	campaignFromQuery,
	hasSource,
	MAX_LANDING_PATH_LENGTH,
	noSource,
	type VisitAttribution,
	type VisitSource,
} from './attribution.ts'
import { isUncounted, visitorHash } from './events.server.ts'

type PageView = VisitSource & { path: string | null }

/**
 * Where a lead's visit came from, read without cookies or storage. A campaign in the address of the page the form was
 * sent from wins; else the visitor's page views of the day, found by the daily visitor hash (the first that came from
 * another site or a campaign, else the first); else that page's address (JavaScript off, Do Not Track, Global
 * Privacy Control). People behind one network address with the same browser share a hash (decision 013).
 */
export async function visitAttribution(
	db: Database,
	request: Request,
	visitor: { clientAddress: string; siteUrl: string },
): Promise<VisitAttribution> {
	const page = submittedFrom(request, visitor.siteUrl)
	const posted: VisitAttribution = page
		? {
				...noSource,
				...campaignFromQuery(page.searchParams),
				landing_path: loggedUrl(page.pathname).slice(0, MAX_LANDING_PATH_LENGTH),
			}
		: { ...noSource, landing_path: null }
	if (hasSource(posted) || isUncounted(request.headers)) return posted
	const hash = await visitorHash(db, visitor.clientAddress, request.headers.get('user-agent') ?? '')
	const since = `${new Date().toISOString().slice(0, 10)}T00:00:00Z`
	const [first] = await selectRows<PageView>(
		db,
		sql`SELECT path, referrer_host, utm_source, utm_medium, utm_campaign, ref FROM analytics_events
			WHERE visitor_hash = ${hash} AND name = 'page_view' AND created_at >= ${since}::timestamptz
			ORDER BY (referrer_host IS NULL AND utm_source IS NULL AND utm_medium IS NULL AND utm_campaign IS NULL
				AND ref IS NULL), created_at, id
			LIMIT 1`,
	)
	if (!first) return posted
	const { path, ...source } = first
	return { ...source, landing_path: path?.slice(0, MAX_LANDING_PATH_LENGTH) ?? null }
}
