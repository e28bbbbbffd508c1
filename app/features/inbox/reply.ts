import { inboxCopy } from '#app/content/inbox.ts'

/** Line breaks and other control characters would start new headers in the mail program: they become spaces. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()

/** A comma or semicolon separates recipients once a mail program decodes the address: such an address gets no link. */
const SEVERAL_RECIPIENTS = /[,;<>\s\p{Cc}]/u

/**
 * The Reply link of a contact message: a `mailto:` with the address and `Re: <subject>`, every part percent-encoded,
 * so nothing a visitor typed can add recipients, headers or a body; null for an address that would name several.
 */
export function replyHref(email: string, subject: string | null) {
	if (SEVERAL_RECIPIENTS.test(email.trim())) return null
	const to = encodeURIComponent(oneLine(email))
	const re = encodeURIComponent(inboxCopy.lead.replySubject(oneLine(subject ?? '')))
	return `mailto:${to}?subject=${re}`
}
