import crypto from 'node:crypto'
import type http from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Logger } from 'pino'
import { keptDocument } from '#app/features/document/document.server.ts'
import { pickEncoding } from './precompressed.ts'
import { logRequest } from './request-log.ts'
import { type ContentSecurityPolicyOptions, contentSecurityPolicy, setSecurityHeaders } from './security-headers.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** A page whose bytes never change while it is kept: compressed once, sent with an ETag and its scripts' hashes. */
export type InMemoryPage = {
	/** Response headers besides the security headers and those set by `sendInMemoryPage`. */
	headers: [string, string][]
	etag: string
	bodies: { identity: Buffer; br: Buffer; gzip: Buffer }
}

export type CompressedBodies = Pick<InMemoryPage['bodies'], 'br' | 'gzip'>

/** A page's bytes as sent: an HTML page rendered with the placeholder nonce loses it (decision 002). */
export function keptPage(text: string, isHtml: boolean) {
	return isHtml ? keptDocument(text) : { html: text, scriptHashes: [] }
}

/**
 * Brotli and gzip 9, off the main thread: what a kept page is sent as. Brotli's best (11) costs about 90 ms for a
 * 100 KB page, 5 about 1.5 ms for some 12% more bytes: 11 where the build pays, 5 where a visitor waits.
 */
export async function compressPage(identity: Buffer, brotliQuality: 5 | 11): Promise<CompressedBodies> {
	const [br, gzipped] = await Promise.all([
		brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
		gzipAsync(identity, { level: 9 }),
	])
	return { br, gzip: gzipped }
}

/**
 * Prepares a page rendered with the placeholder nonce (`.data` answers have none): an HTML page is kept as the
 * renderer made it, allowed by its scripts' hashes (decision 002). Compressed here, quickly (a request may be
 * waiting), unless `compressed` (made by `compressPage` of the same kept bytes, as the build does for prerendered
 * pages) is given.
 */
export async function inMemoryPage(
	text: string,
	headers: [string, string][],
	csp: ContentSecurityPolicyOptions,
	compressed?: CompressedBodies,
): Promise<InMemoryPage> {
	const isHtml = headers.some(([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/html'))
	const kept = keptPage(text, isHtml)
	const identity = Buffer.from(kept.html)
	const policy = contentSecurityPolicy({ hashes: kept.scriptHashes }, csp)
	const { br, gzip: gzipped } = compressed ?? (await compressPage(identity, 5))
	return {
		headers: [
			...headers.filter(([name]) => !['content-length', 'content-security-policy'].includes(name.toLowerCase())),
			['Content-Security-Policy', policy],
		],
		etag: `"${crypto.createHash('sha1').update(identity).digest('base64url')}"`,
		bodies: { identity, br, gzip: gzipped },
	}
}

/** Answers 304 when `If-None-Match` names the page, otherwise the body in the best encoding the client accepts. */
export function sendInMemoryPage(req: http.IncomingMessage, res: http.ServerResponse, page: InMemoryPage) {
	for (const [name, value] of page.headers) res.setHeader(name, value)
	res.setHeader('ETag', page.etag)
	// A page negotiated by Accept (its Markdown version) keeps saying so.
	const varies = page.headers.filter(([name]) => name.toLowerCase() === 'vary').map(([, value]) => value)
	res.setHeader('Vary', [...varies, 'Accept-Encoding'].join(', '))
	const ifNoneMatch = req.headers['if-none-match'] ?? ''
	if (ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
		res.statusCode = 304
		res.end()
		return
	}
	const encoding = pickEncoding(req.headers['accept-encoding'] ?? '', ['br', 'gzip'] as const)
	const body = encoding ? page.bodies[encoding] : page.bodies.identity
	if (encoding) res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', body.length)
	res.statusCode = 200
	res.end(req.method === 'HEAD' ? undefined : body)
}

/** A handler that answers GET and HEAD from the pages `find` holds (true when it answered), with the security headers. */
export function servedFromMemory(
	find: (url: string) => InMemoryPage | undefined,
	options: { hsts: boolean; logger: Logger },
) {
	return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false
		const page = find(req.url ?? '/')
		if (!page) return false
		logRequest(options.logger, req, res)
		setSecurityHeaders(res, options.hsts)
		sendInMemoryPage(req, res, page)
		return true
	}
}
