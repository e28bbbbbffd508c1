import type { RequestHandler } from 'express'
import { postMarkdown } from '#app/features/answer-engines/post-markdown.server.ts'
import { getPostBySlug, isPossibleSlug } from '#app/features/blog/posts.server.ts'
import type { SiteContext } from '#app/load-context.ts'

const POST_MARKDOWN = /^\/blog\/([^/]+)\.md$/

/**
 * `/blog/<slug>.md`: a published post as Markdown (`text/markdown`), for answer engines. React Router cannot match a
 * path segment with a suffix, so the server answers it; an unknown post falls through to the site's 404 page. With
 * `AI_CRAWLERS=deny` no Markdown is offered.
 */
export function markdownVersions(site: Pick<SiteContext, 'db' | 'config'>): RequestHandler {
	return async (req, res, next) => {
		const slug = POST_MARKDOWN.exec(req.path)?.[1]
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !slug || site.config.AI_CRAWLERS === 'deny') return next()
		try {
			const post = isPossibleSlug(slug) ? await getPostBySlug(site.db, slug) : null
			if (!post) return next()
			const siteUrl = site.config.SITE_URL.replace(/\/+$/, '')
			res
				.status(200)
				.type('text/markdown; charset=utf-8')
				.set('Cache-Control', 'public, max-age=300')
				// The article's own address stays the one search engines index.
				.set('Link', `<${siteUrl}/blog/${post.seo_slug}>; rel="canonical"`)
				.send(postMarkdown(siteUrl, post))
		} catch (error) {
			next(error)
		}
	}
}
