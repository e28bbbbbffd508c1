import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PRERENDER_NONCE } from './csp.ts'
import { inlineScriptHashes, keptDocument, withResponseNonce } from './document.server.ts'

const hashOf = (code: string) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`

/** A document as entry.server renders it to be kept: every inline script with the placeholder nonce. */
const rendered = [
	`<!DOCTYPE html><html><head><script nonce="${PRERENDER_NONCE}">function firstPaint(){}</script>`,
	`<link rel="modulepreload" href="/assets/entry.js" nonce="${PRERENDER_NONCE}"/></head><body><h1>Hello</h1>`,
	`<script nonce="${PRERENDER_NONCE}">window.__data = 1;</script>`,
	`<script nonce="${PRERENDER_NONCE}" type="module" async="">import("/assets/entry.js");</script>`,
	`<script src="/assets/other.js" nonce="${PRERENDER_NONCE}"></script>`,
	`<script nonce="${PRERENDER_NONCE}">addEventListener("load", () => {})</script></body></html>`,
].join('')

describe('the placeholder nonce', () => {
	it('goes from a kept page, whose inline scripts are allowed by their hashes instead', () => {
		const kept = keptDocument(rendered)
		expect(kept.html).not.toContain('nonce=')
		expect(kept.scriptHashes).toEqual(
			[
				'function firstPaint(){}',
				'window.__data = 1;',
				'import("/assets/entry.js");',
				'addEventListener("load", () => {})',
			].map(hashOf),
		)
		expect(inlineScriptHashes('<script src="/assets/a.js"></script>')).toEqual([])
	})

	it("becomes the response's nonce on a page sent once", () => {
		const sent = withResponseNonce(rendered, 'fresh')
		expect(sent).not.toContain(PRERENDER_NONCE)
		expect(sent.match(/ nonce="([^"]+)"/g)).toHaveLength(6)
		expect(sent.match(/ nonce="([^"]+)"/g)?.every((attribute) => attribute === ' nonce="fresh"')).toBe(true)
	})
})
