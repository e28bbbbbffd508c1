import { sitemapPosts } from '../features/blog/posts.server.ts'
import { siteConfig } from '../features/site/page-seo.server.ts'
import { sitemapXml } from '../features/site/sitemap.server.ts'
import type { Route } from './+types/sitemap-xml'

export async function loader({ context }: Route.LoaderArgs) {
	return new Response(sitemapXml(siteConfig().siteUrl, await sitemapPosts(context.db)), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
