import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

/** The spec's allowlist (section 5): these tags and attributes, data attributes included, nothing else. */
const allowedTags = [
	'h1',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'p',
	'a',
	'ul',
	'ol',
	'li',
	'strong',
	'em',
	'blockquote',
	'figure',
	'figcaption',
	'img',
	'iframe',
	'div',
	'span',
	'table',
	'thead',
	'tbody',
	'tr',
	'th',
	'td',
	'code',
	'pre',
	'br',
	'hr',
]
const commonAttributes = [
	'class',
	'id',
	'style',
	'href',
	'target',
	'rel',
	'src',
	'width',
	'height',
	'alt',
	'title',
	'data-*',
]

/** Inline style properties kept; anything else (positioning overlays, url() backgrounds, expressions) is dropped. */
const safeStyleValue = [/^(?:[#\w\s.,%-]|rgba?\([\d\s.,%]+\))+$/]
const allowedStyles = Object.fromEntries(
	[
		'color',
		'background-color',
		'text-align',
		'font-weight',
		'font-style',
		'text-decoration',
		'width',
		'height',
		'max-width',
		'margin',
		'padding',
		'border',
		'vertical-align',
	].map((property) => [property, safeStyleValue]),
)

export type SanitizeOptions = {
	/** Host names iframes may load from (exact match). */
	embedHosts: readonly string[]
}

/** Keeps the spec's markup and drops everything that could run script, for the article body. */
export function sanitizeBody(html: string, { embedHosts }: SanitizeOptions): string {
	const hosts = new Set(embedHosts.map((host) => host.toLowerCase()))
	return sanitizeHtml(html, {
		allowedTags,
		allowedAttributes: {
			'*': commonAttributes,
			iframe: [...commonAttributes, 'frameborder', 'allowfullscreen', 'allow'],
		},
		allowedSchemes: ['http', 'https', 'mailto'],
		allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
		allowProtocolRelative: false,
		allowedStyles: { '*': allowedStyles },
		allowedIframeHostnames: [...hosts],
		allowIframeRelativeUrls: false,
		disallowedTagsMode: 'discard',
		nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
		exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
		transformTags: {
			a: (tagName, attribs) => {
				if (attribs.target === undefined) return { tagName, attribs }
				// A new tab must not get a handle on this page (reverse tabnabbing).
				const rel = new Set([...(attribs.rel ?? '').split(/\s+/).filter(Boolean), 'noopener', 'noreferrer'])
				return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } }
			},
		},
	}).trim()
}

/** HTML of an article: `bodyhtml` when present, otherwise `content` (Markdown, which may hold HTML), sanitised. */
export function renderPostBody(
	post: { bodyhtml: string | null; content: string | null },
	options: SanitizeOptions,
): string {
	if (post.bodyhtml?.trim()) return sanitizeBody(post.bodyhtml, options)
	if (!post.content?.trim()) return ''
	try {
		return sanitizeBody(marked.parse(post.content, { async: false, gfm: true }), options)
	} catch {
		// Markdown the parser cannot take (nesting deep enough to overflow its stack) still shows, as plain text.
		return sanitizeBody(`<p>${escapeHtml(post.content)}</p>`, options)
	}
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Words of the visible text of sanitised HTML, for the reading time. */
export function countWords(html: string): number {
	// Tags become spaces so words in adjacent blocks stay apart.
	return html
		.replace(/<[^>]*>/g, ' ')
		.split(/\s+/)
		.filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

/** Resolves the link, image and frame addresses of sanitised HTML against `base`, for feed readers elsewhere. */
export function withAbsoluteUrls(html: string, base: string): string {
	const absolute = (name: 'href' | 'src') => (tagName: string, attribs: sanitizeHtml.Attributes) => {
		const value = attribs[name]
		if (value === undefined) return { tagName, attribs }
		try {
			return { tagName, attribs: { ...attribs, [name]: new URL(value, base).href } }
		} catch {
			return { tagName, attribs }
		}
	}
	return sanitizeHtml(html, {
		// The body's own allowlist (the HTML is already sanitised): `false` would also allow script and warn each call.
		allowedTags,
		allowedAttributes: false,
		allowedSchemes: ['http', 'https', 'mailto'],
		transformTags: { a: absolute('href'), img: absolute('src'), iframe: absolute('src') },
	})
}
