import { data } from 'react-router'
import { consoleCopy } from '#app/content/console.ts'
import { mediaLimits } from '#app/content/media.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import type { SiteContext } from '#app/load-context.ts'
import { listMedia, type StoredImage } from './media.server.ts'
import type { MediaRow, UploadResult } from './media-page.tsx'
import { markdownFor, receiveUpload } from './upload.server.ts'

/** What the page shows of a stored image; the copy-ready address and Markdown come from here. */
const uploaded = (image: StoredImage) => ({ url: image.url, markdown: markdownFor(image) })

/** `/admin/media`: a page of images, newest first; `?before=<id>` pages on. */
export async function mediaPageData(url: URL, context: SiteContext) {
	requireOperator(context)
	const before = rowIdParam(url.searchParams.get('before'))
	const page = await listMedia(context.db, { before, limit: mediaLimits.pageSize })
	const last = page.entries.at(-1)
	return {
		images: page.entries.map(
			(entry): MediaRow => ({
				id: entry.id,
				...uploaded(entry),
				thumbnail: entry.thumbnail,
				name: entry.originalName,
				contentType: entry.contentType,
				width: entry.width,
				height: entry.height,
				byteSize: entry.byteSize,
				uploadedBy: entry.uploadedBy,
				createdAt: entry.createdAt.toISOString(),
			}),
		),
		olderHref: page.more && last ? `?before=${last.id}` : null,
		newestHref: before === undefined ? null : consolePaths.media,
	}
}

/** The media page's upload form, with JavaScript (a fetcher) or without (the page answers with the outcome). */
export async function mediaPageAction(request: Request, context: SiteContext) {
	const answer = await receiveUpload(request, context, requireOperator(context))
	const result: UploadResult = { ...answer.result, ...(answer.image ? { image: uploaded(answer.image) } : {}) }
	return data(result, { status: answer.status, headers: { 'Cache-Control': 'no-store', ...answer.headers } })
}

/** `POST /admin/media/upload`, for the post editor: JSON `{ url, width, height, alt, markdown }`, or `{ message }`. */
export async function mediaUploadEndpoint(request: Request, context: SiteContext) {
	const session = context.operatorSession
	if (!session) return Response.json({ message: consoleCopy.sessionEnded.text }, { status: 401 })
	const answer = await receiveUpload(request, context, session)
	if (!answer.image) {
		return Response.json({ message: answer.result.message }, { status: answer.status, headers: answer.headers })
	}
	const { url, width, height, altText } = answer.image
	return Response.json({ url, width, height, alt: altText, markdown: markdownFor(answer.image) })
}
