import type { Request, RequestHandler, Response } from 'express'
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router'
import { BLOG_CACHE_TTL_MS, blogContentVersion } from '../app/features/blog/posts.server.ts'
import { PRERENDER_NONCE } from '../app/features/site/csp.ts'

type CachedPage = { expires: number; version: number; headers: [string, string][]; body: string }

const MAX_PAGES = 500
const BLOG_PAGE = /^\/blog(?:\/(?!rss\.xml$)[^/]+)?$/

/**
 * Serves rendered blog pages (and article `.data` requests, which the same handler answers) from memory for a
 * minute, keeping only those that answered 200. Each is rendered once with the placeholder nonce and sent with this
 * response's nonce, like prerendered pages. Content changes drop them.
 */
export function blogPageCache(options: {
	build: () => Promise<ServerBuild>
	loadContext: (req: Request, res: Response) => AppLoadContext
}): RequestHandler {
	const handler = createRequestHandler(options.build, 'production')
	const pages = new Map<string, CachedPage>()
	return async (req, res, next) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !BLOG_PAGE.test(req.path)) return next()
		try {
			const key = req.originalUrl
			let page = pages.get(key)
			let status = 200
			if (!page || page.expires < Date.now() || page.version !== blogContentVersion()) {
				pages.delete(key)
				const version = blogContentVersion()
				const request = new globalThis.Request(new URL(key, 'http://localhost'), { headers: { accept: 'text/html' } })
				const response = await handler(request, { ...options.loadContext(req, res), cspNonce: PRERENDER_NONCE })
				status = response.status
				page = {
					expires: Date.now() + BLOG_CACHE_TTL_MS,
					version,
					headers: [...response.headers],
					body: await response.text(),
				}
				// Only pages that exist are kept, so requests for made-up slugs cannot push real pages out.
				if (status === 200) {
					if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string)
					pages.set(key, page)
				}
			}
			for (const [name, value] of page.headers) if (name !== 'content-length') res.setHeader(name, value)
			res.status(status).send(page.body.replaceAll(PRERENDER_NONCE, String(res.locals.cspNonce)))
		} catch (error) {
			next(error)
		}
	}
}
