import { sitemapFile } from '#app/features/blog/sitemaps.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/sitemap-file'

export async function loader({ params, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const xml = await sitemapFile(site.db, siteConfig().siteUrl, params.file)
	if (xml === null) throw new Response('Not Found', { status: 404 })
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
