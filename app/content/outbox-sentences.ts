/** Who a channel's messages go to, as an operator would name them. */
const services: Record<string, string> = {
	chat: 'The chat service',
	newsletter: 'The newsletter service',
	email: 'The email server',
	indexnow: 'IndexNow',
}

/** The setting that turns a channel on, for a message skipped because it is off. */
const settings: Record<string, string> = {
	chat: 'CHAT_WEBHOOK_URL',
	newsletter: 'NEWSLETTER_WEBHOOK_URL',
	email: 'SMTP_URL',
	indexnow: 'INDEXNOW_KEY',
}

/** What a network failure's code means. */
const networkCodes: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'no such host',
	EAI_AGAIN: 'its name could not be looked up',
	ECONNRESET: 'the connection was cut',
	ETIMEDOUT: 'no answer in time',
	EHOSTUNREACH: 'host unreachable',
	CERT_HAS_EXPIRED: 'its certificate has expired',
	DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
}

const httpMeanings: Record<number, string> = {
	400: 'it refused the message as malformed',
	401: 'it did not accept the site’s credentials',
	403: 'it refused the site',
	404: 'no such address',
	410: 'the address is gone',
	413: 'the message was too large for it',
	429: 'too many messages at once',
	500: 'an error on its side',
	502: 'its gateway failed',
	503: 'it is unavailable',
	504: 'its gateway timed out',
}

/**
 * A message's last error as a sentence: who did not take it and why, and for a skipped one, what turns its channel
 * on. The stored error (for the logs) stays as it was; an error this does not know is shown as stored.
 */
export function outboxErrorSentence(channel: string, error: string): string {
	const service = services[channel] ?? 'The receiving service'
	const gaveUp = error.startsWith('gave up: ')
	const cause = gaveUp ? error.slice('gave up: '.length) : error
	const prefix = gaveUp ? 'Given up after retrying. ' : ''
	if (/ is not set$/.test(cause)) {
		const setting = settings[channel] ?? cause.replace(/ is not set$/, '')
		return `Not sent: ${setting} is not set. Set it and restart the site, then retry.`
	}
	const http = /^HTTP (\d{3})$/.exec(cause)
	if (http) {
		const code = Number(http[1])
		const meaning = httpMeanings[code]
		return `${prefix}${service} answered ${code}${meaning ? ` (${meaning})` : ''}.`
	}
	if (/^(TimeoutError|AbortError)\b/.test(cause)) return `${prefix}${service} did not answer in time.`
	const network = /\(([A-Z_]+)\)$/.exec(cause)?.[1]
	if (network || /fetch failed/.test(cause)) {
		const reason = network ? (networkCodes[network] ?? network) : 'no connection'
		return `${prefix}${service} did not answer (${reason}).`
	}
	return `${prefix}${service}: ${cause}`
}
