import TurndownService from 'turndown'
import type { PostRow } from '#app/features/blog/posts.server.ts'
import { renderPostBody } from '#app/features/blog/sanitize.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import { yamlValue } from './page-markdown.server.ts'

/** HTML to Markdown, with `<` in text written `&lt;`: no tag, not even one a post quotes, is Markdown's to pass on. */
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
const escapeText = turndown.escape.bind(turndown)
turndown.escape = (text) => escapeText(text).replaceAll('<', '&lt;')

/** Sanitised HTML as Markdown, with site-relative link and image targets made absolute so it reads anywhere. */
export const htmlAsMarkdown = (html: string, siteUrl: string) =>
	turndown
		.turndown(html)
		.replace(/\]\(\//g, `](${siteUrl}/`)
		.replace(/(href|src)="\//g, `$1="${siteUrl}/`)

/**
 * A published post as Markdown, for answer engines and readers' assistants: front matter (title, description,
 * canonical URL, publication and last change), the title as a heading, then the body as the article shows it (the
 * same rendering and sanitising, embeds left out) written as Markdown, so nothing a post smuggled in survives.
 */
export function postMarkdown(siteUrl: string, post: PostRow) {
	return [
		'---',
		`title: ${yamlValue(post.title)}`,
		`description: ${yamlValue(post.excerpt ?? '')}`,
		`canonical: ${yamlValue(canonicalUrl(siteUrl, `/blog/${post.seo_slug}`))}`,
		`published: ${post.published_at.toISOString()}`,
		`last_modified: ${post.updated_at.toISOString()}`,
		'---',
		'',
		`# ${post.title.replace(/\s+/g, ' ').trim()}`,
		'',
		htmlAsMarkdown(renderPostBody(post, { embedHosts: [] }), siteUrl),
		'',
	].join('\n')
}
