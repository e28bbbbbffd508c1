import { consoleFormMessages } from '#app/content/console.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import { sameSecret } from '#app/features/auth/secrets.server.ts'
import type { OperatorSession } from '#app/features/auth/sessions.server.ts'
import { CONSOLE_RATE_LIMIT } from '#app/features/console/console.server.ts'
import { CSRF_FIELD, CSRF_HEADER } from '#app/forms/csrf.ts'
import { hitRateLimit } from '#app/forms/rate-limit.server.ts'
import { BodyTooLargeError, isCrossOrigin } from '#app/forms/request.server.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import type { SiteContext } from '#app/load-context.ts'
import { finishImageCopies, type MediaRefusal, type StoredImage, storeImage } from './media.server.ts'
import { ALT_FIELD, markdownImage, UPLOAD_FIELD } from './paths.ts'

/** Room for the multipart framing and the CSRF field around a file of the largest size taken. */
export const MAX_UPLOAD_BODY_BYTES = mediaLimits.maxBytes + 64 * 1024

/** A body past the cap is read to its end unkept, up to this: a browser cut off mid-upload shows no refusal. */
const DRAINED_BODY_BYTES = 8 * MAX_UPLOAD_BODY_BYTES

export type UploadAnswer = {
	status: 200 | 400 | 403 | 413 | 415 | 422 | 429 | 503
	result: SubmissionResult
	/** The image stored (or found already stored) on success. */
	image?: StoredImage
	headers?: Record<string, string>
}

const refusalStatus: Record<MediaRefusal, UploadAnswer['status']> = {
	tooLarge: 413,
	notImage: 415,
	tooManyPixels: 422,
	unreadable: 422,
}

const refuse = (status: UploadAnswer['status'], message: string, headers?: Record<string, string>): UploadAnswer => ({
	status,
	result: { ok: false, tone: 'error', message },
	headers,
})

/** Reads a body of at most maxBytes, never keeping more: a longer one throws BodyTooLargeError once it has ended. */
async function readCappedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
	const declared = Number(request.headers.get('content-length') ?? 0)
	const reader = request.body?.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	while (reader) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > DRAINED_BODY_BYTES || declared > DRAINED_BODY_BYTES) {
			await reader.cancel().catch(() => {})
			break
		}
		if (size <= maxBytes) chunks.push(value)
	}
	if (size > maxBytes || declared > maxBytes) throw new BodyTooLargeError()
	const body = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		body.set(chunk, offset)
		offset += chunk.byteLength
	}
	return body
}

const isMultipart = (contentType: string | null) =>
	(contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'multipart/form-data'

/** An upload checked as every console form is (origin, size, CSRF field or header, rate limit); never a 5xx page. */
export async function receiveUpload(
	request: Request,
	context: SiteContext,
	session: OperatorSession,
): Promise<UploadAnswer> {
	const log = context.logger.child({ form: 'media_upload' })
	if (isCrossOrigin(request, context.config.SITE_URL)) {
		log.warn({ origin: request.headers.get('origin') }, 'cross-origin upload refused')
		return refuse(403, submissionMessages.crossOrigin)
	}
	const contentType = request.headers.get('content-type')
	if (!isMultipart(contentType)) return refuse(415, submissionMessages.unsupportedType)
	let form: FormData
	try {
		const body = await readCappedBody(request, MAX_UPLOAD_BODY_BYTES)
		form = await new Request(request.url, {
			method: 'POST',
			headers: { 'content-type': contentType ?? '' },
			body,
		}).formData()
	} catch (error) {
		if (error instanceof BodyTooLargeError) return refuse(413, mediaCopy.refused.tooLarge)
		return refuse(400, mediaCopy.refused.unreadableForm)
	}
	const token = String(form.get(CSRF_FIELD) ?? '') || (request.headers.get(CSRF_HEADER) ?? '')
	if (!sameSecret(token, session.csrfToken)) {
		log.warn('upload without its session token refused')
		return refuse(403, consoleFormMessages.staleForm)
	}
	try {
		const limit = await hitRateLimit(context.db, {
			scope: 'console',
			clientAddress: context.clientAddress,
			...CONSOLE_RATE_LIMIT,
		})
		if (!limit.allowed) {
			log.warn('rate limit reached')
			return refuse(429, consoleFormMessages.tooMany, { 'Retry-After': String(limit.retryAfterSeconds) })
		}
		const file = form.get(UPLOAD_FIELD)
		if (!(file instanceof File) || file.size === 0) return refuse(400, mediaCopy.refused.missing)
		if (file.size > mediaLimits.maxBytes) return refuse(413, mediaCopy.refused.tooLarge)
		const outcome = await storeImage(context.db, {
			bytes: new Uint8Array(await file.arrayBuffer()),
			originalName: file.name,
			alt: String(form.get(ALT_FIELD) ?? ''),
			by: session.operator.id,
			clientAddress: context.clientAddress,
		})
		if (!outcome.ok) {
			log.info({ refusal: outcome.refusal, bytes: file.size }, 'upload refused')
			return refuse(refusalStatus[outcome.refusal], outcome.message)
		}
		if (!outcome.duplicate) {
			// Answered once the original and one copy are stored; the other copies are made after the answer.
			void finishImageCopies(context.db, outcome.image.id).catch((error) =>
				log.warn({ err: error }, 'making image copies failed'),
			)
		}
		const message = outcome.duplicate ? mediaCopy.alreadyThere : mediaCopy.uploaded
		return { status: 200, result: { ok: true, tone: 'success', message }, image: outcome.image }
	} catch (error) {
		log.error({ err: error }, 'upload failed')
		return refuse(503, consoleFormMessages.failure)
	}
}

/** The Markdown that shows an image in a post: with its stored description, or a placeholder the operator replaces. */
export const markdownFor = (image: Pick<StoredImage, 'url' | 'altText'>) =>
	markdownImage(image.url, image.altText ?? mediaCopy.altPlaceholder)
