import type { Transporter } from 'nodemailer'
import type { Config } from '#app/features/site/config.server.ts'

/** An email as the outbox stores it. */
export type EmailMessage = {
	to: string
	subject: string
	text: string
	/** An HTML alternative to the text, for a newsletter issue. */
	html?: string
	/** One-click unsubscribe address (RFC 8058), sent as List-Unsubscribe. */
	unsubscribeUrl?: string
}

type EmailOutcome =
	| { kind: 'delivered' }
	| { kind: 'retry'; error: string }
	/** `recipientRefused`: the server refused the address itself (RCPT TO), not the login or the message. */
	| { kind: 'failed'; error: string; recipientRefused: boolean }

const transports = new Map<string, Transporter>()

/**
 * One transport per server and timeout. Newsletter issues go over a pooled one: a single connection kept open and
 * reused, so thousands of emails do not each open and close a connection.
 */
async function transportFor(smtpUrl: string, timeoutMs: number, pooled: boolean) {
	// Loaded at the first email, not at every start; the map is read after the wait so concurrent sends share one pool.
	const { default: nodemailer } = await import('nodemailer')
	const key = `${smtpUrl} ${timeoutMs} ${pooled}`
	let transport = transports.get(key)
	if (!transport) {
		transport = nodemailer.createTransport({
			url: smtpUrl,
			connectionTimeout: timeoutMs,
			greetingTimeout: timeoutMs,
			socketTimeout: timeoutMs,
			...(pooled ? { pool: true, maxConnections: 1, maxMessages: Number.POSITIVE_INFINITY } : {}),
		})
		transports.set(key, transport)
	}
	return transport
}

/** Closes the pooled connections, so a stopping server leaves no socket open. */
export function closeEmailTransports() {
	for (const transport of transports.values()) transport.close()
	transports.clear()
}

/** Sends one email through SMTP_URL; a 5xx answer from the server is permanent, anything else is retried. */
export async function sendEmail(
	config: Pick<Config, 'SMTP_URL' | 'BRAND_NAME' | 'CONTACT_EMAIL'>,
	idempotencyKey: string,
	message: EmailMessage,
	timeoutMs: number,
	pooled = false,
): Promise<EmailOutcome> {
	if (!config.SMTP_URL) return { kind: 'failed', error: 'SMTP_URL is not set', recipientRefused: false }
	const headers: Record<string, string> = {}
	if (message.unsubscribeUrl) {
		headers['List-Unsubscribe'] = `<${message.unsubscribeUrl}>`
		headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
	}
	try {
		await (await transportFor(config.SMTP_URL, timeoutMs, pooled)).sendMail({
			from: { name: config.BRAND_NAME, address: config.CONTACT_EMAIL },
			to: message.to.trim(),
			subject: message.subject,
			text: message.text,
			...(message.html ? { html: message.html } : {}),
			headers,
			// A retried message keeps its id, so mail systems can drop a duplicate.
			messageId: `<${idempotencyKey}@${config.CONTACT_EMAIL.split('@')[1] ?? 'localhost'}>`,
		})
		return { kind: 'delivered' }
	} catch (error) {
		const { responseCode: code, command } = error as { responseCode?: number; command?: string }
		const text = error instanceof Error ? error.message : String(error)
		return code !== undefined && code >= 500 && code < 600
			? { kind: 'failed', error: text, recipientRefused: command === 'RCPT TO' }
			: { kind: 'retry', error: text }
	}
}
