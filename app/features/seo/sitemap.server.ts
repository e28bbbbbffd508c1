import { aiCrawlers } from '#app/content/answer-engines.ts'
import { pages } from '#app/content/pages.ts'
import { escapeXml } from '#app/features/site/xml.server.ts'
import { canonicalUrl } from './seo.ts'

export type SitemapEntry = { path: string; lastModified?: Date }

/** The most URLs one sitemap may list (sitemaps.org protocol); more go into further sitemaps of the index. */
export const SITEMAP_MAX_URLS = 50_000

const lastmod = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : '')

/** One sitemap: the entries' canonical URLs, with their last change when known. */
export function urlsetXml(siteUrl: string, entries: SitemapEntry[]) {
	const urls = entries
		.map(
			(entry) => `<url><loc>${escapeXml(canonicalUrl(siteUrl, entry.path))}</loc>${lastmod(entry.lastModified)}</url>`,
		)
		.join('\n')
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** Every indexable static page, and `extra` after them. */
export function sitemapXml(siteUrl: string, extra: SitemapEntry[] = []) {
	const staticPages = Object.values(pages)
		.filter((page) => page.indexable)
		.map((page) => ({ path: page.path }))
	return urlsetXml(siteUrl, [...staticPages, ...extra])
}

/** The sitemap index: the address of each sitemap and its newest change. */
export function sitemapIndexXml(siteUrl: string, sitemaps: SitemapEntry[]) {
	const entries = sitemaps
		.map(
			(entry) => `<sitemap><loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>${lastmod(entry.lastModified)}</sitemap>`,
		)
		.join('\n')
	return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`
}

const privatePaths = 'Disallow: /admin\nDisallow: /_insights/\n'

/**
 * Every crawler may read the public site, not the console or analytics. The known AI crawlers get a group of their
 * own: the same rule with `AI_CRAWLERS=allow` (stated, so the choice is on record), the whole site refused with `deny`.
 */
export function robotsTxt(siteUrl: string, aiCrawlerPolicy: 'allow' | 'deny' = 'allow') {
	const agents = aiCrawlers.map((agent) => `User-agent: ${agent}`).join('\n')
	const aiRule = aiCrawlerPolicy === 'deny' ? 'Disallow: /\n' : `Allow: /\n${privatePaths}`
	return `User-agent: *\nAllow: /\n${privatePaths}\n${agents}\n${aiRule}\nSitemap: ${siteUrl}/sitemap.xml\n`
}
