import type { RequestHandler, Response } from 'express'
import { pages } from '#app/content/pages.ts'
import {
	answerEngineLinks,
	negotiatedHeaders,
	prefersMarkdown,
} from '#app/features/answer-engines/negotiation.server.ts'
import { markdownPages, pageMarkdown } from '#app/features/answer-engines/page-markdown.server.ts'
import { postMarkdown } from '#app/features/answer-engines/post-markdown.server.ts'
import { getPostBySlug, isPossibleSlug } from '#app/features/blog/posts.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import type { Config, PublicConfig } from '#app/features/site/config.server.ts'
import type { SiteContext } from '#app/load-context.ts'

const POST_MARKDOWN = /^\/blog\/([^/]+)\.md$/
const POST_PAGE = /^\/blog\/([^/.]+)$/

/** The public pages that have a Markdown version, by their own address. */
const pagesByPath = new Map([...markdownPages.values()].map((key) => [pages[key].path as string, key]))

/** The headers of a page kept in memory that has a Markdown version: it varies by Accept and links both. */
export function negotiatedPageHeaders(config: Pick<Config, 'AI_CRAWLERS'>, publicSite: PublicConfig) {
	return (pagePath: string): [string, string][] =>
		pagesByPath.has(pagePath) ? Object.entries(negotiatedHeaders(config, publicSite.siteUrl, pagePath)) : []
}

/** Whether a request must skip the pages kept in memory: it asks for the Markdown version at a page's address. */
export const asksForMarkdown = (config: Pick<Config, 'AI_CRAWLERS'>, accept: string | undefined) =>
	config.AI_CRAWLERS === 'allow' && prefersMarkdown(accept)

/**
 * The Markdown versions (`text/markdown`) of the public pages (`/pricing.md`, `/index.md` for the home page) and of
 * published posts (`/blog/<slug>.md`), for answer engines; also at the page's own address for a request that prefers
 * Markdown (`Accept: text/markdown`), whose HTML then says `Vary: Accept` and links both versions and the llms.txt
 * in a `Link` header. React Router cannot match a path segment with a suffix, so the server answers them; an unknown
 * post falls through to the site's 404 page. With `AI_CRAWLERS=deny` none is offered. Each names the page's own
 * address as canonical, the one search engines index.
 */
export function markdownVersions(site: Pick<SiteContext, 'db' | 'config'>, publicSite: PublicConfig): RequestHandler {
	const send = (res: Response, canonical: string, text: string, maxAge: number) =>
		res
			.status(200)
			.vary('Accept')
			.type('text/markdown; charset=utf-8')
			.set('Cache-Control', `public, max-age=${maxAge}`)
			.set('Link', `<${canonical}>; rel="canonical"`)
			.send(text)
	return async (req, res, next) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || site.config.AI_CRAWLERS === 'deny') return next()
		const asked = prefersMarkdown(req.get('accept'))
		const htmlPage = pagesByPath.get(req.path)
		if (htmlPage && !asked) {
			res.vary('Accept').set('Link', answerEngineLinks(publicSite.siteUrl, req.path))
			return next()
		}
		const page = htmlPage ?? markdownPages.get(req.path)
		if (page) {
			send(res, canonicalUrl(publicSite.siteUrl, pages[page].path), pageMarkdown(page, publicSite), 3600)
			return
		}
		const slug = POST_MARKDOWN.exec(req.path)?.[1] ?? (asked ? POST_PAGE.exec(req.path)?.[1] : undefined)
		if (!slug) return next()
		try {
			const post = isPossibleSlug(slug) ? await getPostBySlug(site.db, slug) : null
			if (!post) return next()
			send(res, `${publicSite.siteUrl}/blog/${post.seo_slug}`, postMarkdown(publicSite.siteUrl, post), 300)
		} catch (error) {
			next(error)
		}
	}
}
