import type { PostRow } from '#app/features/blog/posts.server.ts'
import { sanitizeBody } from '#app/features/blog/sanitize.server.ts'
import { canonicalUrl } from '#app/features/seo/seo.ts'
import { yamlValue } from './page-markdown.server.ts'

/** Site-relative link and image targets made absolute, so the text can be read anywhere. */
const withAbsoluteLinks = (text: string, siteUrl: string) =>
	text.replace(/\]\(\//g, `](${siteUrl}/`).replace(/(href|src)="\//g, `$1="${siteUrl}/`)

/**
 * A published post as Markdown, for answer engines and readers' assistants: front matter (title, description,
 * canonical URL, publication and last change), the title as a heading, then the body. A Markdown post's body is its
 * own text; an HTML post's is its sanitised HTML, which Markdown carries as it is.
 */
export function postMarkdown(siteUrl: string, post: PostRow) {
	const body = post.content?.trim() ? post.content.trim() : sanitizeBody(post.bodyhtml ?? '', { embedHosts: [] })
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
		withAbsoluteLinks(body, siteUrl),
		'',
	].join('\n')
}
