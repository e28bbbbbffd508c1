import crypto from 'node:crypto'

/**
 * Webhook signatures in the Standard Webhooks form (https://www.standardwebhooks.com): `webhook-id`,
 * `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`.
 */

/** How far a webhook's timestamp may be from the receiver's clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60

const PREFIX = 'whsec_'
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * The HMAC key of a secret, or null when it is not one: `whsec_<base64>` (the Standard Webhooks form) is the
 * base64-decoded key of 24 to 64 bytes; any other secret of at least 32 characters is used as its UTF-8 bytes.
 */
export function webhookSigningKey(secret: string): Buffer | null {
	if (secret.startsWith(PREFIX)) {
		const encoded = secret.slice(PREFIX.length)
		if (!BASE64.test(encoded)) return null
		const key = Buffer.from(encoded, 'base64')
		return key.length >= 24 && key.length <= 64 ? key : null
	}
	return secret.length >= 32 ? Buffer.from(secret, 'utf8') : null
}

/** A new secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
export function generateWebhookSecret() {
	return `${PREFIX}${crypto.randomBytes(32).toString('base64')}`
}

function keyOf(secret: string) {
	const key = webhookSigningKey(secret)
	if (!key) throw new Error('not a webhook secret: whsec_ and base64 of 24 to 64 bytes, or 32+ characters')
	return key
}

function signature(key: Buffer, id: string, timestamp: string, body: string | Uint8Array) {
	return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64')}`
}

export type WebhookHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string }

/**
 * The headers that sign one attempt at delivering `body` (the exact string sent, signed as UTF-8). `id` stays the same
 * on every retry of one message; the timestamp is the attempt's.
 */
export function signWebhook(
	secret: string,
	id: string,
	body: string,
	timestampSeconds = Math.floor(Date.now() / 1000),
): WebhookHeaders {
	const timestamp = String(timestampSeconds)
	return {
		'webhook-id': id,
		'webhook-timestamp': timestamp,
		'webhook-signature': signature(keyOf(secret), id, timestamp, body),
	}
}

export type WebhookVerification =
	| { valid: true }
	| { valid: false; reason: 'missing headers' | 'bad timestamp' | 'too old' | 'too new' | 'no matching signature' }

type HeaderSource = Headers | Record<string, string | string[] | undefined>

function header(headers: HeaderSource, name: string) {
	const value = headers instanceof Headers ? headers.get(name) : headers[name]
	return (Array.isArray(value) ? value[0] : value) ?? ''
}

/**
 * Checks a received webhook as a receiver would: its timestamp within `toleranceSeconds` of now (either way, so an
 * old request cannot be replayed) and one of its space-separated `v1,` signatures (several while keys rotate) made
 * with `secret` over the raw body, compared in constant time.
 */
export function verifyWebhook(
	secret: string,
	headers: HeaderSource,
	body: string | Uint8Array,
	{
		nowSeconds = Math.floor(Date.now() / 1000),
		toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
	}: { nowSeconds?: number; toleranceSeconds?: number } = {},
): WebhookVerification {
	const key = keyOf(secret)
	const id = header(headers, 'webhook-id')
	const timestamp = header(headers, 'webhook-timestamp')
	const signatures = header(headers, 'webhook-signature')
	if (!id || !timestamp || !signatures) return { valid: false, reason: 'missing headers' }
	if (!/^\d{1,15}$/.test(timestamp)) return { valid: false, reason: 'bad timestamp' }
	if (Number(timestamp) < nowSeconds - toleranceSeconds) return { valid: false, reason: 'too old' }
	if (Number(timestamp) > nowSeconds + toleranceSeconds) return { valid: false, reason: 'too new' }
	const expected = Buffer.from(signature(key, id, timestamp, body))
	const matches = signatures.split(' ').some((candidate) => {
		const given = Buffer.from(candidate)
		return given.length === expected.length && crypto.timingSafeEqual(given, expected)
	})
	return matches ? { valid: true } : { valid: false, reason: 'no matching signature' }
}
