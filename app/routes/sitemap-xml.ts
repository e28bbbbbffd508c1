import { sitemapIndex } from '#app/features/blog/sitemaps.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/sitemap-xml'

export async function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	return new Response(await sitemapIndex(site.db, siteConfig().siteUrl), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
