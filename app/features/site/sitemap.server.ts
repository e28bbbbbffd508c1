import { pages } from '../../content/pages.ts'
import { canonicalUrl } from './seo.ts'

export type SitemapEntry = { path: string; lastModified?: Date }

function escapeXml(value: string) {
	return value.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`)
}

/** Every indexable static page; the blog adds its posts through `extra`. */
export function sitemapXml(siteUrl: string, extra: SitemapEntry[] = []) {
	const entries: SitemapEntry[] = [
		...Object.values(pages)
			.filter((page) => page.indexable)
			.map((page) => ({ path: page.path })),
		...extra,
	]
	const urls = entries
		.map((entry) => {
			const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''
			return `<url><loc>${escapeXml(canonicalUrl(siteUrl, entry.path))}</loc>${lastmod}</url>`
		})
		.join('\n')
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string) {
	return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /_insights/\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
