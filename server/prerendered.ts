import crypto from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Logger } from 'pino'
import { PRERENDER_NONCE } from '../app/features/site/csp.ts'
import { pickEncoding } from './precompressed.ts'
import { logRequest } from './request-log.ts'
import { type ContentSecurityPolicyOptions, contentSecurityPolicy, setSecurityHeaders } from './security-headers.ts'

type PrerenderedFile = {
	contentType: string
	etag: string
	bodies: { identity: Buffer; br: Buffer; gzip: Buffer }
	/** CSP hash sources of the page's inline scripts: the bytes never change, so no nonce is needed. */
	scriptHashes: string[]
}

function walk(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'assets' ? [] : walk(full)
		return [full]
	})
}

function inlineScriptHashes(html: string) {
	return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
		(match) =>
			`'sha256-${crypto
				.createHash('sha256')
				.update(match[1] ?? '')
				.digest('base64')}'`,
	)
}

function prepare(text: string, contentType: string): PrerenderedFile {
	const identity = Buffer.from(text)
	return {
		contentType,
		etag: `"${crypto.createHash('sha1').update(identity).digest('base64url')}"`,
		bodies: {
			identity,
			br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
			gzip: gzipSync(identity, { level: 9 }),
		},
		scriptHashes: contentType.startsWith('text/html') ? inlineScriptHashes(text) : [],
	}
}

/** Loads every prerendered page and its .data file into memory, compressed once, keyed by the URL path that serves it. */
export function loadPrerendered(clientDir: string) {
	const files = new Map<string, PrerenderedFile>()
	if (!fs.existsSync(clientDir)) return files
	for (const file of walk(clientDir)) {
		const rel = `/${path.relative(clientDir, file).split(path.sep).join('/')}`
		const text = () => fs.readFileSync(file, 'utf8').replaceAll(` nonce="${PRERENDER_NONCE}"`, '')
		if (rel.endsWith('/index.html')) {
			files.set(rel.slice(0, -'/index.html'.length) || '/', prepare(text(), 'text/html; charset=utf-8'))
		} else if (rel.endsWith('.data')) {
			files.set(rel, prepare(text(), 'text/x-script'))
		}
	}
	return files
}

export type PrerenderedOptions = { csp: ContentSecurityPolicyOptions; hsts: boolean; logger: Logger }

/**
 * Serves prerendered pages from memory as built, precompressed by `Accept-Encoding`, with an ETag and 304s.
 * It runs before Express (true when it answered): these are the site's most requested pages.
 */
export function prerenderedPages(files: Map<string, PrerenderedFile>, options: PrerenderedOptions) {
	const policies = new Map(
		[...files].map(([key, file]) => [key, contentSecurityPolicy({ hashes: file.scriptHashes }, options.csp)]),
	)
	return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false
		const url = req.url ?? '/'
		const query = url.indexOf('?')
		const urlPath = query === -1 ? url : url.slice(0, query)
		const file = files.get(urlPath)
		if (!file || (urlPath !== '/' && urlPath.endsWith('/'))) return false
		logRequest(options.logger, req, res)
		setSecurityHeaders(res, options.hsts)
		res.setHeader('Content-Security-Policy', policies.get(urlPath) ?? '')
		res.setHeader('Content-Type', file.contentType)
		res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400')
		res.setHeader('ETag', file.etag)
		res.setHeader('Vary', 'Accept-Encoding')
		const ifNoneMatch = req.headers['if-none-match'] ?? ''
		if (ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
			res.statusCode = 304
			res.end()
			return true
		}
		const encoding = pickEncoding(req.headers['accept-encoding'] ?? '', ['br', 'gzip'] as const)
		const body = encoding ? file.bodies[encoding] : file.bodies.identity
		if (encoding) res.setHeader('Content-Encoding', encoding)
		res.setHeader('Content-Length', body.length)
		res.statusCode = 200
		res.end(req.method === 'HEAD' ? undefined : body)
		return true
	}
}
