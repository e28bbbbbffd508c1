import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
	generateWebhookSecret,
	signWebhook,
	verifyWebhook,
	WEBHOOK_TOLERANCE_SECONDS,
	webhookSigningKey,
} from './webhook-signature.server.ts'

const key = crypto.randomBytes(32)
const secret = `whsec_${key.toString('base64')}`
const id = 'b8c6f0e2-5d1a-4f5e-9a43-0c1d2e3f4a5b'
const timestamp = 1_767_225_600
const body = JSON.stringify({ text: 'New lead: Zoë <zoe@example.com>', domain_count: 120 })

describe('webhook signatures', () => {
	it('signs "<id>.<timestamp>.<body>" with HMAC-SHA256 under the decoded whsec_ key', () => {
		const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')
		expect(signWebhook(secret, id, body, timestamp)).toEqual({
			'webhook-id': id,
			'webhook-timestamp': String(timestamp),
			'webhook-signature': `v1,${expected}`,
		})
	})

	it('reproduces the test vector published with the Standard Webhooks libraries', () => {
		const headers = signWebhook(
			'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
			'msg_p5jXN8AQM9LWM0D4loKWxJek',
			'{"test": 2432232314}',
			1614265330,
		)
		expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
	})

	it('uses the UTF-8 bytes of a secret that is not in the whsec_ form', () => {
		const plain = 'a plain secret of more than thirty-two characters'
		const expected = crypto
			.createHmac('sha256', Buffer.from(plain, 'utf8'))
			.update(`${id}.${timestamp}.${body}`)
			.digest('base64')
		expect(signWebhook(plain, id, body, timestamp)['webhook-signature']).toBe(`v1,${expected}`)
	})

	it('accepts what it signed, as a string, as bytes and from fetch Headers', () => {
		const headers = signWebhook(secret, id, body, timestamp)
		const options = { nowSeconds: timestamp }
		expect(verifyWebhook(secret, headers, body, options)).toEqual({ valid: true })
		expect(verifyWebhook(secret, headers, Buffer.from(body), options)).toEqual({ valid: true })
		expect(verifyWebhook(secret, new Headers(headers), body, options)).toEqual({ valid: true })
	})

	it('refuses a tampered body, another id or timestamp, a wrong secret and missing headers', () => {
		const headers = signWebhook(secret, id, body, timestamp)
		const options = { nowSeconds: timestamp }
		const refused = { valid: false, reason: 'no matching signature' }
		expect(verifyWebhook(secret, headers, body.replace('120', '121'), options)).toEqual(refused)
		expect(verifyWebhook(secret, headers, `${body} `, options)).toEqual(refused)
		expect(verifyWebhook(secret, { ...headers, 'webhook-id': `${id}x` }, body, options)).toEqual(refused)
		expect(verifyWebhook(secret, { ...headers, 'webhook-timestamp': String(timestamp + 1) }, body, options)).toEqual(
			refused,
		)
		expect(verifyWebhook(generateWebhookSecret(), headers, body, options)).toEqual(refused)
		expect(verifyWebhook(secret, { ...headers, 'webhook-signature': 'v1,' }, body, options)).toEqual(refused)
		expect(verifyWebhook(secret, { ...headers, 'webhook-signature': undefined }, body, options)).toEqual({
			valid: false,
			reason: 'missing headers',
		})
		expect(verifyWebhook(secret, { ...headers, 'webhook-timestamp': '1e9' }, body, options)).toEqual({
			valid: false,
			reason: 'bad timestamp',
		})
	})

	it(`refuses a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s old or ahead, so a request cannot be replayed`, () => {
		const headers = signWebhook(secret, id, body, timestamp)
		const at = (nowSeconds: number) => verifyWebhook(secret, headers, body, { nowSeconds })
		expect(at(timestamp + 300)).toEqual({ valid: true })
		expect(at(timestamp - 300)).toEqual({ valid: true })
		expect(at(timestamp + 301)).toEqual({ valid: false, reason: 'too old' })
		expect(at(timestamp + 24 * 3600)).toEqual({ valid: false, reason: 'too old' })
		expect(at(timestamp - 301)).toEqual({ valid: false, reason: 'too new' })
		// The timestamp is signed: moving it forward to pass the check breaks the signature.
		const replayed = { ...headers, 'webhook-timestamp': String(timestamp + 3600) }
		expect(verifyWebhook(secret, replayed, body, { nowSeconds: timestamp + 3600 })).toEqual({
			valid: false,
			reason: 'no matching signature',
		})
	})

	it('accepts a header of several signatures when one matches (keys being rotated)', () => {
		const headers = signWebhook(secret, id, body, timestamp)
		const current = headers['webhook-signature']
		const old = signWebhook(generateWebhookSecret(), id, body, timestamp)['webhook-signature']
		const withSignatures = (signatures: string) =>
			verifyWebhook(secret, { ...headers, 'webhook-signature': signatures }, body, { nowSeconds: timestamp })
		expect(withSignatures(`${old} ${current}`)).toEqual({ valid: true })
		expect(withSignatures(`${current} ${old}`)).toEqual({ valid: true })
		expect(withSignatures(`v1a,c29tZXRoaW5n ${current}`)).toEqual({ valid: true })
		expect(withSignatures(`${old} ${old}`)).toEqual({ valid: false, reason: 'no matching signature' })
	})

	it('takes whsec_ with the base64 of 24 to 64 bytes, or 32+ characters of anything else', () => {
		const whsec = (bytes: number) => `whsec_${crypto.randomBytes(bytes).toString('base64')}`
		expect(webhookSigningKey(whsec(24))).toHaveLength(24)
		expect(webhookSigningKey(whsec(64))).toHaveLength(64)
		expect(webhookSigningKey(whsec(23))).toBeNull()
		expect(webhookSigningKey(whsec(65))).toBeNull()
		expect(webhookSigningKey('whsec_not base64!')).toBeNull()
		expect(webhookSigningKey('whsec_')).toBeNull()
		expect(webhookSigningKey('x'.repeat(32))).toEqual(Buffer.from('x'.repeat(32)))
		expect(webhookSigningKey('x'.repeat(31))).toBeNull()
		const generated = generateWebhookSecret()
		expect(generated).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
		expect(webhookSigningKey(generated)).toHaveLength(32)
		expect(generateWebhookSecret()).not.toBe(generated)
	})
})
