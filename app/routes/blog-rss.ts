import { BLOG_CACHE_CONTROL } from '#app/features/blog/blog-seo.server.ts'
import { rssXml } from '#app/features/blog/feed.server.ts'
import { feedPosts } from '#app/features/blog/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/blog-rss'

export async function loader({ context }: Route.LoaderArgs) {
	const { db, config } = context.get(siteContext)
	const site = siteConfig()
	const items = await feedPosts(db, { embedHosts: config.BLOG_EMBED_HOSTS, siteUrl: site.siteUrl })
	return new Response(rssXml(site, items), {
		headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': BLOG_CACHE_CONTROL },
	})
}
