import { blogCopy } from '../../content/blog.ts'
import { pages } from '../../content/pages.ts'
import type { PublicConfig } from '../site/config.server.ts'
import { FEED_PATH } from './blog-seo.server.ts'
import type { FeedItem } from './posts.server.ts'

function escapeXml(value: string) {
	return value.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`)
}

/** RSS 2.0 document of the newest posts. */
export function rssXml(site: PublicConfig, items: FeedItem[]) {
	const link = `${site.siteUrl}/blog`
	const entries = items
		.map((item) => {
			const url = `${site.siteUrl}/blog/${encodeURIComponent(item.seoSlug)}`
			const categories = item.categories.map((c) => `<category>${escapeXml(c)}</category>`).join('')
			return `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(url)}</link><guid isPermaLink="true">${escapeXml(url)}</guid><pubDate>${item.publishedAt.toUTCString()}</pubDate><description>${escapeXml(item.excerpt)}</description>${categories}</item>`
		})
		.join('\n')
	const updated = items[0]?.publishedAt ?? new Date(0)
	return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(blogCopy.feedTitle(site.brandName))}</title>
<link>${escapeXml(link)}</link>
<description>${escapeXml(pages.blog.description)}</description>
<language>en-us</language>
<lastBuildDate>${updated.toUTCString()}</lastBuildDate>
<atom:link href="${escapeXml(site.siteUrl + FEED_PATH)}" rel="self" type="application/rss+xml"/>
${entries}
</channel>
</rss>
`
}
