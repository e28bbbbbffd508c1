import { sitemapIndex } from '../features/blog/sitemaps.server.ts'
import { siteConfig } from '../features/site/page-seo.server.ts'
import type { Route } from './+types/sitemap-xml'

export async function loader({ context }: Route.LoaderArgs) {
	return new Response(await sitemapIndex(context.db, siteConfig().siteUrl), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
