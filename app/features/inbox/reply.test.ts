import { describe, expect, it } from 'vitest'
import { replyHref } from './reply.ts'

describe('the Reply link of a contact message', () => {
	it('addresses the sender with Re: and the subject', () => {
		expect(replyHref('ada@example.com', 'Pricing question')).toBe(
			'mailto:ada%40example.com?subject=Re%3A%20Pricing%20question',
		)
	})

	it('cannot be given more recipients, headers or a body by what a visitor typed', () => {
		const href = replyHref(
			'ada@example.com?cc=boss@example.com&bcc=x@example.com',
			'Hi\r\nBcc: all@example.com&body=pwned',
		)
		const url = new URL(href ?? '')
		expect([...url.searchParams.keys()]).toEqual(['subject'])
		expect(url.searchParams.get('subject')).toBe('Re: Hi Bcc: all@example.com&body=pwned')
		expect(decodeURIComponent(url.pathname)).toBe('ada@example.com?cc=boss@example.com&bcc=x@example.com')
	})

	it('keeps a bidirectional override as encoded text, never a raw character in the address', () => {
		const href = replyHref('\u202eevil@example.com', 'a\u202eb')
		expect(href).not.toMatch(/[\u202e\s]/)
		expect(new URL(href ?? '').searchParams.get('subject')).toBe('Re: a\u202eb')
	})

	it('is left out for an address a mail program would split into several recipients', () => {
		expect(replyHref('ceo,x@evil.example', 'Hi')).toBeNull()
		expect(replyHref('a;b@example.com', 'Hi')).toBeNull()
		expect(replyHref('ada@example.com ', 'Hi')).toBe('mailto:ada%40example.com?subject=Re%3A%20Hi')
	})
})
