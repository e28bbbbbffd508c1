import type { Logger } from 'pino'
import { data, isRouteErrorResponse } from 'react-router'
import type * as z from 'zod/mini'
import { consoleFormMessages } from '#app/content/console.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import { validationMessages } from '#app/content/validation-messages.ts'
import type { Database } from '#app/db/client.server.ts'
import { sameSecret } from '#app/features/auth/secrets.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import { CSRF_FIELD } from './csrf.ts'
import { hitRateLimit, type RateLimitScope } from './rate-limit.server.ts'
import { type FieldErrors, type FormSchema, formValues, validate } from './schema.ts'
import { HONEYPOT_FIELD, type SubmissionResult } from './submission.ts'

export const MAX_BODY_BYTES = 64 * 1024

export type SubmissionContext = { db: Database; config: Config; logger: Logger; clientAddress: string }

export class BodyTooLargeError extends Error {}
class UnsupportedTypeError extends Error {}
class InvalidEncodingError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function isUtf8(bytes: Uint8Array) {
	try {
		utf8.decode(bytes)
		return true
	} catch {
		return false
	}
}

/** The two encodings a form sends; a charset other than UTF-8 would be decoded into something else than was typed. */
function formEncoding(contentType: string | null): 'urlencoded' | 'multipart' {
	const [type = '', ...parameters] = (contentType ?? '')
		.toLowerCase()
		.split(';')
		.map((part) => part.trim())
	const charset = parameters
		.find((p) => p.startsWith('charset='))
		?.slice('charset='.length)
		.replaceAll('"', '')
	if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new UnsupportedTypeError()
	if (type === 'application/x-www-form-urlencoded') return 'urlencoded'
	if (type === 'multipart/form-data') return 'multipart'
	throw new UnsupportedTypeError()
}

/** URLSearchParams turns invalid UTF-8 into U+FFFD, which would store something else than was sent: check first. */
function urlencodedIsUtf8(body: Uint8Array) {
	const text = Buffer.from(body).toString('latin1')
	return text.split('&').every((pair) => {
		const bytes = pair
			.replaceAll('+', ' ')
			.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
		return isUtf8(Buffer.from(bytes, 'latin1'))
	})
}

/** Reads a request body of at most maxBytes, stopping as soon as it is exceeded. */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
	if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw new BodyTooLargeError()
	const chunks: Uint8Array[] = []
	let size = 0
	const reader = request.body?.getReader()
	while (reader) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > maxBytes) {
			await reader.cancel().catch(() => {})
			throw new BodyTooLargeError()
		}
		chunks.push(value)
	}
	const body = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		body.set(chunk, offset)
		offset += chunk.byteLength
	}
	return body
}

/** Reads a form body of at most maxBytes in UTF-8, as a form sends it. */
async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
	const contentType = request.headers.get('content-type')
	const encoding = formEncoding(contentType)
	const body = await readLimitedBody(request, maxBytes)
	if (!(encoding === 'urlencoded' ? urlencodedIsUtf8(body) : isUtf8(body))) throw new InvalidEncodingError()
	return new Request(request.url, { method: 'POST', headers: { 'content-type': contentType ?? '' }, body }).formData()
}

/** A post from another site (browsers say so in Sec-Fetch-Site and Origin) is refused. */
export function isCrossOrigin(request: Request, siteUrl: string) {
	const fetchSite = request.headers.get('sec-fetch-site')
	if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
	const origin = request.headers.get('origin')
	if (!origin) return false
	try {
		const host = new URL(origin).host
		return host !== new URL(request.url).host && host !== new URL(siteUrl).host
	} catch {
		return true
	}
}

export type StoreResult =
	| Response
	| (SubmissionResult & {
			status?: 400 | 401 | 403 | 404 | 409 | 410 | 429 | 503
			/** A refusal that lifts by itself (a paused sign-in): sent as `Retry-After`. */
			retryAfterSeconds?: number
	  })

export type FormHandler<S extends FormSchema> = {
	/** The form's name in logs and in its rate-limit counters. */
	form: RateLimitScope
	schema: S
	/** The answer to a filled honeypot: exactly what a person sees on success. */
	successMessage: string
	/** The form's message for any failure. */
	failureMessage: string
	/** The message of a 400; the failure message unless the form says otherwise. */
	invalidMessage?: (fieldErrors: FieldErrors) => string
	/**
	 * Stores the submission and its notifications in one transaction; resolves once it is committed. A Response (a
	 * redirect) is answered as it is; a refusal may name its status (409 otherwise).
	 */
	store: (input: z.output<S>) => Promise<StoreResult>
	/** Console forms: the session's CSRF token, which the form must send back in its `csrf` field. */
	csrfToken?: string
	/** Fields never sent back to the page (passwords, single-use tokens). */
	secretFields?: string[]
	/** Fields sent once per checked box (a selection): all their values reach the schema, one per line. */
	listFields?: readonly string[]
	/** A form whose text may be long (a post's body): its own cap instead of MAX_BODY_BYTES. */
	maxBodyBytes?: number
	/** Console forms: their own limit instead of the lead forms' RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS. */
	rateLimit?: { max: number; windowSeconds: number }
}

function reply(status: number, result: SubmissionResult, headers?: HeadersInit) {
	return data(result, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

/** The one path every form post takes: origin, size, encoding, honeypot, schema, NUL, rate limit, then the store. */
export async function handleSubmission<S extends FormSchema>(
	request: Request,
	context: SubmissionContext,
	handler: FormHandler<S>,
) {
	const fail = (status: number, message: string, extra: Partial<SubmissionResult> = {}, headers?: HeadersInit) =>
		reply(status, { ok: false, tone: 'error', message, ...extra }, headers)
	const log = context.logger.child({ form: handler.form })

	if (isCrossOrigin(request, context.config.SITE_URL)) {
		log.warn({ origin: request.headers.get('origin') }, 'cross-origin submission refused')
		return fail(403, submissionMessages.crossOrigin)
	}
	let formData: FormData
	try {
		formData = await readFormData(request, handler.maxBodyBytes ?? MAX_BODY_BYTES)
	} catch (error) {
		if (error instanceof BodyTooLargeError) return fail(413, submissionMessages.tooLarge)
		if (error instanceof UnsupportedTypeError) return fail(415, submissionMessages.unsupportedType)
		return fail(400, handler.failureMessage)
	}
	if (handler.csrfToken !== undefined && !sameSecret(String(formData.get(CSRF_FIELD) ?? ''), handler.csrfToken)) {
		log.warn('console form without its session token refused')
		return fail(403, consoleFormMessages.staleForm)
	}
	if (String(formData.get(HONEYPOT_FIELD) ?? '') !== '') {
		log.info('honeypot filled; answered as success and stored nothing')
		return reply(200, { ok: true, tone: 'success', message: handler.successMessage })
	}
	const typed = formValues(handler.schema, formData, handler.listFields)
	const parsed = validate(handler.schema, typed)
	const values = Object.fromEntries(Object.entries(typed).filter(([key]) => !handler.secretFields?.includes(key)))
	// PostgreSQL text cannot hold NUL: refuse it rather than store something else than was sent.
	const nulFields = Object.keys(typed).filter((key) => typed[key]?.includes('\0'))
	if (!parsed.ok || nulFields.length > 0) {
		const fieldErrors = {
			...Object.fromEntries(nulFields.map((key) => [key, validationMessages.nulCharacter])),
			...(parsed.ok ? {} : parsed.fieldErrors),
		}
		const message = handler.invalidMessage?.(fieldErrors) ?? handler.failureMessage
		return fail(400, message, { fieldErrors, values, invalidInput: true })
	}
	try {
		const limit = await hitRateLimit(context.db, {
			scope: handler.form,
			clientAddress: context.clientAddress,
			max: handler.rateLimit?.max ?? context.config.RATE_LIMIT_MAX,
			windowSeconds: handler.rateLimit?.windowSeconds ?? context.config.RATE_LIMIT_WINDOW_SECONDS,
		})
		if (!limit.allowed) {
			log.warn('rate limit reached')
			return fail(
				429,
				submissionMessages.tooManyRequests,
				{ values },
				{ 'Retry-After': String(limit.retryAfterSeconds) },
			)
		}
		const result = await handler.store(parsed.data)
		if (result instanceof Response) return result
		const { status, retryAfterSeconds, ...answer } = result
		// A lead form's only refusal is a conflict with what is already there (an active subscriber).
		return reply(
			answer.ok ? 200 : (status ?? 409),
			answer,
			retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
		)
	} catch (error) {
		// A redirect or a refusal the store throws is its answer, not a failure.
		if (error instanceof Response || isRouteErrorResponse(error)) throw error
		log.error({ err: error }, 'submission failed')
		return fail(503, handler.failureMessage, { values })
	}
}
