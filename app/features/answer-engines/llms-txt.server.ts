import { llmsCopy } from '#app/content/answer-engines.ts'
import { pages } from '#app/content/pages.ts'
import type { PostRow } from '#app/features/blog/posts.server.ts'
import type { PostCard } from '#app/features/blog/types.ts'
import type { Config, PublicConfig } from '#app/features/site/config.server.ts'
import { markdownPages, markdownPathOf, pageMarkdown } from './page-markdown.server.ts'
import { postMarkdown } from './post-markdown.server.ts'

type Site = Pick<PublicConfig, 'siteUrl' | 'brandName' | 'contactEmail'>

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
		...posts.map((post) => link(post.title, `${site.siteUrl}${markdownPathOf(`/blog/${post.seoSlug}`)}`, post.excerpt)),
		'',
		`## ${llmsCopy.feedsHeading}`,
		'',
		link(llmsCopy.rssTitle, `${site.siteUrl}/blog/rss.xml`, llmsCopy.rssDescription),
		link(llmsCopy.sitemapTitle, `${site.siteUrl}/sitemap.xml`, llmsCopy.sitemapDescription),
		link(llmsCopy.fullTitle, `${site.siteUrl}/llms-full.txt`, llmsCopy.fullDescription),
		'',
	].join('\n')
}

/** The most /llms-full.txt holds: whole posts are left out once the next would pass it. */
export const LLMS_FULL_MAX_BYTES = 1_000_000

/**
 * /llms-full.txt: the text of every public page and of the newest posts (50 at most) in one file, each the Markdown
 * version of its page, bounded at `LLMS_FULL_MAX_BYTES`; the posts that do not fit are left out whole.
 */
export function llmsFullTxt(site: Site, posts: PostRow[]) {
	const parts = [...markdownPages.values()].map((key) => pageMarkdown(key, site))
	let size = parts.reduce((total, part) => total + Buffer.byteLength(part), 0)
	for (const post of posts) {
		const text = postMarkdown(site.siteUrl, post)
		size += Buffer.byteLength(text)
		if (size > LLMS_FULL_MAX_BYTES) break
		parts.push(text)
	}
	return `${parts.join('\n\n')}\n`
}

/**
 * The answer of /llms.txt and /llms-full.txt: 404 when the owners asked AI crawlers to stay away
 * (`AI_CRAWLERS=deny`), else the text, cached for an hour like the sitemap.
 */
export async function llmsAnswer(config: Pick<Config, 'AI_CRAWLERS'>, text: () => Promise<string>) {
	const headers = { 'Content-Type': 'text/plain; charset=utf-8' }
	if (config.AI_CRAWLERS === 'deny') return new Response('Not Found', { status: 404, headers })
	return new Response(await text(), { headers: { ...headers, 'Cache-Control': 'public, max-age=3600' } })
}
