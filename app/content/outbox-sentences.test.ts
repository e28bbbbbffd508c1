import { describe, expect, it } from 'vitest'
import { outboxErrorSentence } from './outbox-sentences.ts'

describe("an outbox message's error in words", () => {
	it('says who did not take the message and why', () => {
		expect(outboxErrorSentence('chat', 'TypeError: fetch failed (ECONNREFUSED)')).toBe(
			'The chat service did not answer (connection refused).',
		)
		expect(outboxErrorSentence('chat', 'TypeError: fetch failed')).toBe(
			'The chat service did not answer (no connection).',
		)
		expect(outboxErrorSentence('newsletter', 'HTTP 404')).toBe('The newsletter service answered 404 (no such address).')
		expect(outboxErrorSentence('chat', 'HTTP 418')).toBe('The chat service answered 418.')
		expect(outboxErrorSentence('chat', 'TimeoutError: The operation was aborted due to timeout')).toBe(
			'The chat service did not answer in time.',
		)
		expect(outboxErrorSentence('chat', 'gave up: HTTP 503')).toBe(
			'Given up after retrying. The chat service answered 503 (it is unavailable).',
		)
		expect(outboxErrorSentence('email', 'Error: Invalid login: 535 Authentication failed')).toBe(
			'The email server: Error: Invalid login: 535 Authentication failed',
		)
	})

	it('says which setting turns on a channel whose messages were skipped', () => {
		expect(outboxErrorSentence('chat', 'CHAT_WEBHOOK_URL is not set')).toBe(
			'Not sent: CHAT_WEBHOOK_URL is not set. Set it and restart the site, then retry.',
		)
		expect(outboxErrorSentence('email', 'SMTP_URL is not set')).toBe(
			'Not sent: SMTP_URL is not set. Set it and restart the site, then retry.',
		)
	})
})
