import { eq } from 'drizzle-orm'
import type { Database } from '#app/db/client.server.ts'
import { media, mediaVariants } from '#app/db/schema.ts'
import { shareCardFile } from '#app/features/blog/share-cards.server.ts'
import { MEDIA_FILE, mediaFileName } from './paths.ts'

/** A file's address is the hash of its bytes: what is there never changes, so browsers and CDNs keep it for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** A resized copy, an original or a post's share card, by the hash of its bytes. */
async function findFile(db: Database, hash: string) {
	const [variant] = await db
		.select({ contentType: mediaVariants.content_type, bytes: mediaVariants.bytes })
		.from(mediaVariants)
		.where(eq(mediaVariants.sha256, hash))
		.limit(1)
	if (variant) return variant
	const [original] = await db
		.select({ contentType: media.content_type, bytes: media.bytes })
		.from(media)
		.where(eq(media.sha256, hash))
	return original ?? (await shareCardFile(db, hash))
}

const notFound = () =>
	new Response('Not Found', {
		status: 404,
		// A file uploaded later may take this address: nobody keeps the 404.
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})

/** Whether an If-None-Match header names this ETag (or any, `*`). */
function matches(ifNoneMatch: string | null, etag: string) {
	return (ifNoneMatch ?? '')
		.split(',')
		.map((tag) => tag.trim())
		.some((tag) => tag === '*' || tag === etag || tag === `W/${etag}`)
}

/** `GET /media/<sha256>.<extension>`: the stored file, for good; 404 for any other name, or one whose type differs. */
export async function mediaResponse(db: Database, request: Request, file: string): Promise<Response> {
	const hash = MEDIA_FILE.exec(file)?.[1]
	if (!hash) return notFound()
	const found = await findFile(db, hash)
	if (!found || mediaFileName(hash, found.contentType) !== file) return notFound()
	const etag = `"${hash}"`
	const headers = {
		'Content-Type': found.contentType,
		'Cache-Control': MEDIA_CACHE_CONTROL,
		// X-Content-Type-Options: nosniff comes with every answer of the site (server/security-headers.ts).
		ETag: etag,
	}
	if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
	// Node's Buffers sit on plain ArrayBuffers, never shared ones: the bytes go out without a copy.
	return new Response(found.bytes as Uint8Array<ArrayBuffer>, {
		headers: { ...headers, 'Content-Length': String(found.bytes.byteLength) },
	})
}
