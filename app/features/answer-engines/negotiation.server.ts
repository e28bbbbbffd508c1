import type { Config } from '#app/features/site/config.server.ts'
import { markdownPathOf } from './page-markdown.server.ts'

const LLMS_PATH = '/llms.txt'

/** A media range's quality in an Accept header: `q=` when given, 1 otherwise; 0 for a range it does not list. */
function qualityOf(accept: string, range: string) {
	for (const part of accept.split(',')) {
		const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
		if (type !== range) continue
		const q = parameters.find((parameter) => parameter.startsWith('q='))
		const value = q ? Number(q.slice(2)) : 1
		return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0
	}
	return 0
}

/**
 * Whether a request asks for Markdown before HTML: `text/markdown` named with a quality above HTML's, or equal to
 * the quality a wildcard gives HTML (the named type is the more specific, RFC 9110). Browsers never name it.
 */
export function prefersMarkdown(accept: string | undefined) {
	if (!accept) return false
	const markdown = qualityOf(accept, 'text/markdown')
	if (markdown === 0) return false
	const html = qualityOf(accept, 'text/html')
	if (html > 0) return markdown > html
	return markdown >= Math.max(qualityOf(accept, 'text/*'), qualityOf(accept, '*/*'))
}

/** The `Link` header of a page that has a Markdown version: that version, and the llms.txt that lists it. */
export function answerEngineLinks(siteUrl: string, pagePath: string) {
	return [
		`<${siteUrl}${markdownPathOf(pagePath)}>; rel="alternate"; type="text/markdown"`,
		`<${siteUrl}${LLMS_PATH}>; rel="describedby"`,
	].join(', ')
}

/** The headers of a page rendered per request that has a Markdown version, where answer engines are allowed. */
export function negotiatedHeaders(config: Pick<Config, 'AI_CRAWLERS'>, siteUrl: string, pagePath: string) {
	const headers: Record<string, string> = {}
	if (config.AI_CRAWLERS === 'allow') {
		headers.Vary = 'Accept'
		headers.Link = answerEngineLinks(siteUrl, pagePath)
	}
	return headers
}

/** The head's link to the llms.txt that describes the site, beside each page's Markdown alternate. */
export const describedByLink = { tagName: 'link', rel: 'describedby', href: LLMS_PATH } as const
