import { robotsTxt } from '#app/features/seo/sitemap.server.ts'
import { loadConfig, publicConfig } from '#app/features/site/config.server.ts'

export function loader() {
	const config = loadConfig()
	return new Response(robotsTxt(publicConfig(config).siteUrl, config.AI_CRAWLERS), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
