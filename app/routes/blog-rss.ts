import { BLOG_CACHE_CONTROL } from '../features/blog/blog-seo.server.ts'
import { rssXml } from '../features/blog/feed.server.ts'
import { feedPosts } from '../features/blog/posts.server.ts'
import { siteConfig } from '../features/site/page-seo.server.ts'
import type { Route } from './+types/blog-rss'

export async function loader({ context }: Route.LoaderArgs) {
	return new Response(rssXml(siteConfig(), await feedPosts(context.db)), {
		headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': BLOG_CACHE_CONTROL },
	})
}
