import crypto from 'node:crypto'
import source from './insights-script.js?raw'

const etag = `"${crypto.createHash('sha1').update(source).digest('base64url')}"`

/** The analytics script: cached for an hour, then revalidated by ETag (its URL stays the same across releases). */
export function insightsScriptResponse(request: Request) {
	const headers = {
		'Content-Type': 'text/javascript; charset=utf-8',
		'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
		ETag: etag,
	}
	if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
	return new Response(source, { headers })
}
