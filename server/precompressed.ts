import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

const contentTypes: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.json': 'application/json; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
}

const encodings = [
	{ token: 'br', suffix: '.br' },
	{ token: 'gzip', suffix: '.gz' },
] as const

function accepts(header: string, token: string) {
	return header.split(',').some((part) => {
		const [name, ...params] = part.trim().split(';')
		const quality = params.find((param) => param.trim().startsWith('q='))
		return name?.trim() === token && (!quality || Number(quality.trim().slice(2)) > 0)
	})
}

/** The first of `offered` (in our order of preference) that an `Accept-Encoding` header accepts. */
export function pickEncoding<T extends string>(acceptEncoding: string, offered: readonly T[]): T | undefined {
	return offered.find((token) => accepts(acceptEncoding, token))
}

/** Serves the build's `.br` or `.gz` twin of a hashed asset when the client accepts it; other requests fall through. */
export function precompressedAssets(assetsDir: string): RequestHandler {
	const available = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : [])
	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const name = req.path.slice(1)
		const contentType = contentTypes[path.extname(name)]
		if (!contentType || name.includes('/') || !available.has(name)) return next()
		const acceptEncoding = String(req.headers['accept-encoding'] ?? '')
		const token = pickEncoding(
			acceptEncoding,
			encodings.filter((entry) => available.has(name + entry.suffix)).map((entry) => entry.token),
		)
		const encoding = encodings.find((entry) => entry.token === token)
		res.setHeader('Vary', 'Accept-Encoding')
		if (!encoding) return next()
		res.setHeader('Content-Encoding', encoding.token)
		res.setHeader('Content-Type', contentType)
		res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
		res.sendFile(name + encoding.suffix, {
			root: assetsDir,
			lastModified: false,
			cacheControl: false,
		})
	}
}
