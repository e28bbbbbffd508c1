import sanitizeHtml from 'sanitize-html'
import { issueEmailCopy } from '#app/content/newsletter-sends.ts'
import type { NewsletterIssueContent } from '#app/db/schema.ts'
import { htmlAsMarkdown } from '#app/features/answer-engines/post-markdown.server.ts'
import { articlePath } from '#app/features/blog/paths.ts'
import { renderPostBody } from '#app/features/blog/sanitize.server.ts'
import type { EmailMessage } from '#app/features/notifications/email.server.ts'
import { escapeXml } from '#app/features/site/xml.server.ts'

const ink = 'color:#0f172a'
const body = 'font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.6;color:#1e293b'
const link = 'color:#1f56d1;text-decoration:underline'

/** Email clients drop style sheets: each element the body may hold carries its own style. */
const inlineStyles: Record<string, string> = {
	h1: `margin:24px 0 12px;font-size:26px;line-height:1.25;${ink}`,
	h2: `margin:24px 0 12px;font-size:22px;line-height:1.3;${ink}`,
	h3: `margin:20px 0 8px;font-size:19px;line-height:1.35;${ink}`,
	h4: `margin:16px 0 8px;font-size:17px;${ink}`,
	h5: `margin:16px 0 8px;font-size:16px;${ink}`,
	h6: `margin:16px 0 8px;font-size:15px;${ink}`,
	p: 'margin:0 0 16px',
	a: link,
	ul: 'margin:0 0 16px;padding-left:24px',
	ol: 'margin:0 0 16px;padding-left:24px',
	li: 'margin:0 0 6px',
	blockquote: 'margin:0 0 16px;padding:4px 16px;border-left:4px solid #cbd5e1;color:#334155',
	img: 'display:block;max-width:100%;height:auto;border:0',
	figure: 'margin:0 0 16px',
	figcaption: 'margin-top:6px;font-size:14px;color:#475569',
	pre: 'margin:0 0 16px;padding:12px;background:#f1f5f9;border-radius:6px;overflow:auto;font-size:14px;white-space:pre-wrap',
	code: 'font-family:Menlo,Consolas,monospace;font-size:14px',
	table: 'border-collapse:collapse;margin:0 0 16px',
	th: 'border:1px solid #cbd5e1;padding:6px 10px;text-align:left',
	td: 'border:1px solid #cbd5e1;padding:6px 10px',
	hr: 'border:0;border-top:1px solid #e2e8f0;margin:24px 0',
}

/** What an email may keep of an article: no frames or scripts, no classes, only our own styles. */
const emailTags = Object.keys(inlineStyles).concat(['strong', 'em', 'br', 'div', 'span', 'thead', 'tbody', 'tr'])

const absolute = (value: string | undefined, base: string) => {
	if (value === undefined) return undefined
	try {
		return new URL(value, base).href
	} catch {
		return undefined
	}
}

/** An article's sanitised HTML made fit for email: every address absolute, every element styled inline. */
export function emailBodyHtml(html: string, siteUrl: string) {
	return sanitizeHtml(html, {
		allowedTags: emailTags,
		allowedAttributes: {
			a: ['href', 'style'],
			img: ['src', 'alt', 'width', 'height', 'style'],
			th: ['colspan', 'rowspan', 'style'],
			td: ['colspan', 'rowspan', 'style'],
			'*': ['style'],
		},
		allowedSchemes: ['http', 'https', 'mailto'],
		transformTags: {
			'*': (tagName, attribs) => {
				const kept: sanitizeHtml.Attributes = {}
				for (const name of ['alt', 'width', 'height', 'colspan', 'rowspan']) {
					const value = attribs[name]
					if (value !== undefined) kept[name] = value
				}
				const href = tagName === 'a' ? absolute(attribs.href, siteUrl) : undefined
				const src = tagName === 'img' ? absolute(attribs.src, siteUrl) : undefined
				const style = inlineStyles[tagName]
				return {
					tagName,
					attribs: { ...kept, ...(href ? { href } : {}), ...(src ? { src } : {}), ...(style ? { style } : {}) },
				}
			},
		},
	})
}

type IssuePost = {
	title: string
	seo_slug: string
	bodyhtml: string | null
	content: string | null
}

/** What every recipient's email of a post is made from, fixed when the send starts. */
export function issueContent(
	post: IssuePost,
	site: { siteUrl: string; brand: string; postalAddress: string },
	image: { url: string; alt: string } | null,
): NewsletterIssueContent {
	const siteUrl = site.siteUrl.replace(/\/+$/, '')
	const html = renderPostBody(post, { embedHosts: [] })
	return {
		title: post.title.replace(/\s+/g, ' ').trim(),
		html: emailBodyHtml(html, `${siteUrl}/`),
		text: htmlAsMarkdown(html, siteUrl),
		postUrl: `${siteUrl}${articlePath(post.seo_slug)}`,
		image: image ? { url: absolute(image.url, `${siteUrl}/`) ?? image.url, alt: image.alt } : null,
		brand: site.brand,
		postalAddress: site.postalAddress.trim(),
	}
}

/**
 * One recipient's email: the subject, an HTML part laid out in a 600 px table (what email clients render alike) and
 * a plain-text part, each ending with why it came, the postal address and the recipient's own unsubscribe link.
 */
export function issueEmail(
	content: NewsletterIssueContent,
	to: string,
	unsubscribeUrl: string,
	subjectPrefix = '',
): EmailMessage {
	const copy = issueEmailCopy
	const title = escapeXml(content.title)
	const postUrl = escapeXml(content.postUrl)
	const unsubscribe = escapeXml(unsubscribeUrl)
	const postal = content.postalAddress
		? `<p style="margin:0 0 8px">${escapeXml(content.postalAddress).replace(/\r?\n/g, '<br>')}</p>`
		: ''
	const image = content.image
		? `<tr><td style="padding:0 0 20px"><img src="${escapeXml(content.image.url)}" alt="${escapeXml(content.image.alt)}" width="560" style="display:block;width:100%;max-width:560px;height:auto;border:0;border-radius:8px"></td></tr>`
		: ''
	const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:28px 20px 8px;${body}">
<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeXml(copy.webVersion)} <a href="${postUrl}" style="${link}">${postUrl}</a></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${image}</table>
<h1 style="margin:0 0 20px;font-size:28px;line-height:1.2;${ink}">${title}</h1>
${content.html}
<p style="margin:24px 0"><a href="${postUrl}" style="display:inline-block;padding:12px 20px;background:#1f56d1;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">${escapeXml(copy.readOnSite)}</a></p>
</td></tr>
<tr><td style="padding:16px 20px 28px;border-top:1px solid #e2e8f0;font-family:Helvetica,Arial,sans-serif;font-size:13px;line-height:1.5;color:#475569">
<p style="margin:0 0 8px">${escapeXml(copy.why(content.brand))}</p>
${postal}<p style="margin:0"><a href="${unsubscribe}" style="color:#475569;text-decoration:underline">${escapeXml(copy.unsubscribe)}</a></p>
</td></tr>
</table></td></tr></table>
</body></html>`
	const text = [
		content.title,
		'',
		`${copy.webVersion} ${content.postUrl}`,
		'',
		content.text,
		'',
		`${copy.readOnSite}: ${content.postUrl}`,
		'',
		'--',
		copy.why(content.brand),
		...(content.postalAddress ? [content.postalAddress] : []),
		`${copy.unsubscribeText} ${unsubscribeUrl}`,
	].join('\n')
	return { to, subject: `${subjectPrefix}${content.title}`, text, html, unsubscribeUrl }
}
