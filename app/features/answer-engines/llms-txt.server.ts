import { llmsCopy } from '#app/content/answer-engines.ts'
import { pages } from '#app/content/pages.ts'
import type { PostCard } from '#app/features/blog/types.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { markdownPathOf } from './page-markdown.server.ts'

/** Text on one line of a Markdown list: no line breaks, and the characters that would end a link label escaped. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/[[\]]/g, '\\$&').trim()

const link = (title: string, url: string, description: string) =>
	`- [${inline(title)}](${url})${description ? `: ${inline(description)}` : ''}`

/**
 * /llms.txt in the llms.txt format: the brand as the title, the site's description as the summary, then the Markdown
 * version of every public page and of the newest posts, and the feeds, each as a link with its description. Built from
 * the same content as the pages.
 */
export function llmsTxt(site: Pick<PublicConfig, 'siteUrl' | 'brandName'>, posts: PostCard[]) {
	const publicPages = Object.values(pages).filter((page) => page.indexable && page.path !== pages.home.path)
	return [
		`# ${site.brandName}`,
		'',
		`> ${inline(pages.home.description)}`,
		'',
		inline(pages.howItWorks.description),
		'',
		`## ${llmsCopy.pagesHeading}`,
		'',
		link(pages.home.title, `${site.siteUrl}${markdownPathOf(pages.home.path)}`, ''),
		...publicPages.map((page) => link(page.title, `${site.siteUrl}${markdownPathOf(page.path)}`, page.description)),
		'',
		`## ${llmsCopy.postsHeading}`,
		'',
		...posts.map((post) => link(post.title, `${site.siteUrl}/blog/${post.seoSlug}.md`, post.excerpt)),
		'',
		`## ${llmsCopy.feedsHeading}`,
		'',
		link(llmsCopy.rssTitle, `${site.siteUrl}/blog/rss.xml`, llmsCopy.rssDescription),
		link(llmsCopy.sitemapTitle, `${site.siteUrl}/sitemap.xml`, llmsCopy.sitemapDescription),
		'',
	].join('\n')
}
