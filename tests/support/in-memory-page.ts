import crypto from 'node:crypto'
import { expect } from 'vitest'

/**
 * Checks that a page is served as bytes kept in memory: no nonce, each inline script allowed by its hash, an ETag
 * that answers 304, and brotli and gzip bodies equal to the plain one. Returns the page's HTML.
 */
export async function expectServedFromMemory(url: string) {
	const plain = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })
	expect(plain.status).toBe(200)
	expect(plain.headers.get('content-encoding')).toBeNull()
	const html = await plain.text()
	const csp = plain.headers.get('content-security-policy') ?? ''
	expect(csp).not.toContain("'nonce-")
	expect(html).not.toContain('nonce=')
	// Computed here, not with the server's helper, so a fault in that helper cannot pass its own check.
	const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
		([, code = '']) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`,
	)
	expect(hashes.length).toBeGreaterThan(0)
	for (const hash of hashes) expect(csp).toContain(hash)
	const etag = plain.headers.get('etag')
	expect(etag).toMatch(/^".+"$/)
	const again = await fetch(url, { headers: { 'If-None-Match': etag ?? '' } })
	expect(again.status).toBe(304)
	expect(await again.text()).toBe('')
	for (const encoding of ['br', 'gzip']) {
		const compressed = await fetch(url, { headers: { 'Accept-Encoding': encoding } })
		expect(compressed.headers.get('content-encoding')).toBe(encoding)
		expect(compressed.headers.get('etag')).toBe(etag)
		expect(await compressed.text()).toBe(html)
	}
	return html
}
