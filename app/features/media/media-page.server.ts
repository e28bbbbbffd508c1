import { data, redirect } from 'react-router'
import { consoleCopy } from '#app/content/console.ts'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { keepFlash } from '#app/features/auth/sessions.server.ts'
import { handleConsoleSubmission, requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { isDataPath } from '#app/features/document/data-url.ts'
import type { SiteContext } from '#app/load-context.ts'
import { deleteImage, describeImage, listMedia, type StoredImage } from './media.server.ts'
import type { MediaRow, UploadResult } from './media-page.tsx'
import { deleteImageSchema, describeImageSchema } from './media-schema.ts'
import { markdownFor, receiveUpload } from './upload.server.ts'

/** What the page shows of a stored image; the copy-ready address and Markdown come from here. */
const uploaded = (image: StoredImage) => ({ url: image.url, markdown: markdownFor(image) })

/** `/admin/media`: a page of images, newest first; `?before=<id>` pages on. */
export async function mediaPageData(url: URL, context: SiteContext) {
	requireOperator(context)
	const before = rowIdParam(url.searchParams.get('before'))
	const words = (url.searchParams.get('q') ?? '').slice(0, mediaLimits.alt)
	const page = await listMedia(context.db, { before, limit: mediaLimits.pageSize, words })
	const last = page.entries.at(-1)
	return {
		images: page.entries.map(
			(entry): MediaRow => ({
				id: entry.id,
				...uploaded(entry),
				thumbnail: entry.thumbnail,
				name: entry.originalName,
				alt: entry.altText,
				contentType: entry.contentType,
				width: entry.width,
				height: entry.height,
				byteSize: entry.byteSize,
				uploadedBy: entry.uploadedBy,
				createdAt: entry.createdAt.toISOString(),
			}),
		),
		words,
		olderHref:
			page.more && last ? `?${new URLSearchParams({ ...(words ? { q: words } : {}), before: String(last.id) })}` : null,
		newestHref:
			before === undefined
				? null
				: words
					? `${consolePaths.media}?${new URLSearchParams({ q: words })}`
					: consolePaths.media,
	}
}

/** The media page's upload form, with JavaScript (a fetcher) or without (the page answers with the outcome). */
export async function mediaPageAction(request: Request, context: SiteContext) {
	const session = requireOperator(context)
	const answer = await receiveUpload(request, context, session)
	const result: UploadResult = { ...answer.result, ...(answer.image ? { image: uploaded(answer.image) } : {}) }
	// Without JavaScript a stored image ends on the media page (Post/Redirect/Get): a reload sends nothing again.
	if (answer.image && !isDataPath(new URL(request.url).pathname)) {
		await keepFlash(context.db, session.sessionKey, {
			tone: answer.result.tone,
			message: answer.result.message,
			image: uploaded(answer.image),
		})
		return redirect(consolePaths.media, 303)
	}
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

/** Saves an image's text alternative from its row on the media page. */
export function describeImageAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: describeImageSchema,
		store: async (input, session) => {
			const found = await describeImage(context.db, {
				id: Number(input.id),
				alt: input.alt ?? '',
				by: session.operator.id,
				clientAddress: context.clientAddress,
			})
			return found
				? { ok: true, tone: 'success', message: mediaCopy.altSaved }
				: { ok: false, tone: 'error', message: mediaCopy.gone, status: 404 }
		},
	})
}

/** Deletes an image no post uses; one in use is refused with the posts that use it. */
export function deleteImageAction(request: Request, context: SiteContext) {
	return handleConsoleSubmission(request, context, {
		schema: deleteImageSchema,
		store: async (input, session) => {
			const deleted = await deleteImage(context.db, {
				id: Number(input.id),
				by: session.operator.id,
				clientAddress: context.clientAddress,
			})
			if (deleted.outcome === 'in-use')
				return { ok: false, tone: 'error', message: mediaCopy.inUse(deleted.titles), status: 409 }
			if (deleted.outcome === 'gone') return { ok: false, tone: 'error', message: mediaCopy.gone, status: 404 }
			return { ok: true, tone: 'success', message: mediaCopy.deleted }
		},
	})
}
