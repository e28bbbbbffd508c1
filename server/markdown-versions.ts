import type { RequestHandler, Response } from 'express'
import { pages } from '#app/content/pages.ts'
import { markdownPages, pageMarkdown } from '#app/features/answer-engines/page-markdown.server.ts'
import { postMarkdown } from '#app/features/answer-engines/post-markdown.server.ts'
import { getPostBySlug, isPossibleSlug } from '#app/features/blog/posts.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import type { SiteContext } from '#app/load-context.ts'

const POST_MARKDOWN = /^\/blog\/([^/]+)\.md$/

/**
 * The Markdown versions (`text/markdown`) of the public pages (`/pricing.md`, `/index.md` for the home page) and of
 * published posts (`/blog/<slug>.md`), for answer engines. React Router cannot match a path segment with a suffix, so
 * the server answers them; an unknown post falls through to the site's 404 page. With `AI_CRAWLERS=deny` none is
 * offered. Each names the page's own address as canonical, the one search engines index.
 */
export function markdownVersions(site: Pick<SiteContext, 'db' | 'config'>, publicSite: PublicConfig): RequestHandler {
	const send = (res: Response, canonical: string, text: string, maxAge: number) =>
		res
			.status(200)
			.type('text/markdown; charset=utf-8')
			.set('Cache-Control', `public, max-age=${maxAge}`)
			.set('Link', `<${canonical}>; rel="canonical"`)
			.send(text)
	return async (req, res, next) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || site.config.AI_CRAWLERS === 'deny') return next()
		const page = markdownPages.get(req.path)
		if (page) {
			send(res, canonicalUrl(publicSite.siteUrl, pages[page].path), pageMarkdown(page, publicSite), 3600)
			return
		}
		const slug = POST_MARKDOWN.exec(req.path)?.[1]
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
