import type { Request, RequestHandler, Response } from 'express'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { BLOG_CACHE_TTL_MS, blogContentVersion } from '#app/features/blog/posts.server.ts'
import { decodedLowerCase } from '#app/features/console/console-paths.ts'
import { PRERENDER_NONCE } from '#app/features/document/csp.ts'
import { ROUTES_PARAM } from '#app/features/document/data-url.ts'
import { withResponseNonce } from '#app/features/document/document.server.ts'
import { carriedOver } from '#app/features/publishing/redirect-paths.ts'
import type { SiteContext } from '#app/load-context.ts'
import { type InMemoryPage, inMemoryPage, sendInMemoryPage } from './in-memory-page.ts'
import { routerContextFrom } from './router-context.ts'
import type { ContentSecurityPolicyOptions } from './security-headers.ts'

type Rendered = { status: number; headers: [string, string][]; body: string }
type CachedPage = { expires: number; version: number; page: InMemoryPage }

const MAX_PAGES = 500
// The list, articles and archives; not the feed, nor search, whose every query would be a page of its own.
const BLOG_PAGE = /^\/blog(?:\/(?!(?:rss\.xml|search(?:\.data)?)$)[^/]+|\/(?:category|tag)\/[^/]+)?$/
/** The query parameters the blog routes and React Router's data requests read; others (utm_…) share one copy. */
const READ_PARAMS = ['page', ROUTES_PARAM] as const

/** The URL a blog page is rendered and kept under, or undefined for a URL that is not a blog page. */
export function blogPageKey(url: string): string | undefined {
	const query = url.indexOf('?')
	const path = query === -1 ? url : url.slice(0, query)
	// Tested as the router matches it (decoded, any case): /blog/SEARCH and /blog/%73earch are the search page too.
	if (!BLOG_PAGE.test(path) || !BLOG_PAGE.test(decodedLowerCase(path))) return undefined
	const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1))
	const read = new URLSearchParams()
	for (const name of READ_PARAMS) {
		const value = params.get(name)
		if (value !== null) read.set(name, value)
	}
	return read.size ? `${path}?${read}` : path
}

/** The query of a URL without the parameters its key keeps: what a redirect rendered for the key must carry on. */
function unreadQuery(url: string) {
	const query = url.indexOf('?')
	const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1))
	for (const name of READ_PARAMS) params.delete(name)
	return params.size ? `?${params}` : ''
}

/**
 * Keeps rendered blog pages (and article `.data` answers) in memory for a minute, like prerendered pages: rendered
 * once per `blogPageKey` with the placeholder nonce, compressed once, sent with an ETag and the hashes of their
 * scripts. `cachedPage` finds a fresh one for the fast path before Express; `renderOnMiss` renders the rest, one
 * render per key at a time. Only pages that answered 200 are kept and content changes drop them; other answers
 * (404s, redirects) are sent once with the response's own nonce.
 */
export function blogPageCache(options: {
	build: () => Promise<ServerBuild>
	siteContextOf: (req: Request, res: Response) => SiteContext
	csp: ContentSecurityPolicyOptions
}): { cachedPage: (url: string) => InMemoryPage | undefined; renderOnMiss: RequestHandler } {
	const handler = createRequestHandler(options.build, 'production')
	const pages = new Map<string, CachedPage>()
	const rendering = new Map<string, Promise<InMemoryPage | Rendered>>()

	async function render(key: string, context: SiteContext): Promise<InMemoryPage | Rendered> {
		const version = blogContentVersion()
		const request = new globalThis.Request(new URL(key, 'http://localhost'), { headers: { accept: 'text/html' } })
		const response = await handler(request, routerContextFrom(await options.build(), context, PRERENDER_NONCE))
		const headers = [...response.headers]
		const body = await response.text()
		// Made-up slugs are not kept, so they cannot push real pages out.
		if (response.status !== 200) return { status: response.status, headers, body }
		const page = await inMemoryPage(body, headers, options.csp)
		if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string)
		pages.set(key, { expires: Date.now() + BLOG_CACHE_TTL_MS, version, page })
		return page
	}

	function fresh(key: string) {
		const cached = pages.get(key)
		return cached && cached.expires >= Date.now() && cached.version === blogContentVersion() ? cached.page : undefined
	}

	/** The kept page for a request URL while it is fresh. */
	function cachedPage(url: string) {
		const key = blogPageKey(url)
		return key === undefined ? undefined : fresh(key)
	}

	const renderOnMiss: RequestHandler = async (req, res, next) => {
		const key = req.method === 'GET' || req.method === 'HEAD' ? blogPageKey(req.originalUrl) : undefined
		if (key === undefined) return next()
		try {
			const cached = fresh(key)
			if (cached) return sendInMemoryPage(req, res, cached)
			let pending = rendering.get(key)
			if (!pending) {
				pages.delete(key)
				pending = render(key, options.siteContextOf(req, res)).finally(() => rendering.delete(key))
				rendering.set(key, pending)
			}
			const page = await pending
			if ('etag' in page) return sendInMemoryPage(req, res, page)
			for (const [name, value] of page.headers) if (name !== 'content-length') res.setHeader(name, value)
			const location = res.getHeader('location')
			if (typeof location === 'string') res.setHeader('location', carriedOver(location, unreadQuery(req.originalUrl)))
			res.status(page.status).send(withResponseNonce(page.body, String(res.locals.cspNonce)))
		} catch (error) {
			next(error)
		}
	}
	return { cachedPage, renderOnMiss }
}
