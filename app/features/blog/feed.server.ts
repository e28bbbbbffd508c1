import { blogCopy } from '#app/content/blog.ts'
import { pages } from '#app/content/pages.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { escapeXml } from '#app/features/site/xml.server.ts'
import { FEED_PATH } from './blog-seo.server.ts'
import { archivePath, categoryFeedPath } from './paths.ts'
import type { BlogTermSummary, FeedItem } from './posts.server.ts'

/** What a feed is about: the whole blog, or one category. */
type Channel = { title: string; path: string; description: string; feedPath: string }

/** The channel of the blog's feed, or of one category's. */
export function feedChannel(site: PublicConfig, category?: BlogTermSummary): Channel {
	if (!category) {
		return {
			title: blogCopy.feedTitle(site.brandName),
			path: '/blog',
			description: pages.blog.description,
			feedPath: FEED_PATH,
		}
	}
	const copy = blogCopy.archive.category
	return {
		title: copy.feedTitle(site.brandName, category.name),
		path: archivePath('category', category.slug),
		description: copy.description(category.name, blogCopy.archive.count(category.count)),
		feedPath: categoryFeedPath(category.slug),
	}
}

/** RSS 2.0 document of the newest posts: each with its excerpt and its full sanitised body (content:encoded). */
export function rssXml(site: PublicConfig, items: FeedItem[], channel: Channel = feedChannel(site)) {
	const entries = items
		.map((item) => {
			const url = `${site.siteUrl}/blog/${encodeURIComponent(item.seoSlug)}`
			const categories = item.categories.map((c) => `<category>${escapeXml(c)}</category>`).join('')
			const content = item.html ? `<content:encoded>${escapeXml(item.html)}</content:encoded>` : ''
			return `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(url)}</link><guid isPermaLink="true">${escapeXml(url)}</guid><pubDate>${item.publishedAt.toUTCString()}</pubDate><description>${escapeXml(item.excerpt)}</description>${content}${categories}</item>`
		})
		.join('\n')
	const updated = items[0]?.publishedAt ?? new Date(0)
	return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>${escapeXml(channel.title)}</title>
<link>${escapeXml(site.siteUrl + channel.path)}</link>
<description>${escapeXml(channel.description)}</description>
<language>en-us</language>
<lastBuildDate>${updated.toUTCString()}</lastBuildDate>
<atom:link href="${escapeXml(site.siteUrl + channel.feedPath)}" rel="self" type="application/rss+xml"/>
${entries}
</channel>
</rss>
`
}
