import { findTerm } from '#app/features/blog/archives.server.ts'
import { BLOG_CACHE_CONTROL } from '#app/features/blog/blog-seo.server.ts'
import { feedChannel, rssXml } from '#app/features/blog/feed.server.ts'
import { feedPosts } from '#app/features/blog/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/blog-category-rss'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { db, config } = context.get(siteContext)
	const category = await findTerm(db, 'category', params.slug)
	if (!category) throw new Response('Not Found', { status: 404 })
	const site = siteConfig()
	const items = await feedPosts(db, { embedHosts: config.BLOG_EMBED_HOSTS, siteUrl: site.siteUrl }, category)
	return new Response(rssXml(site, items, feedChannel(site, category)), {
		headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': BLOG_CACHE_CONTROL },
	})
}
