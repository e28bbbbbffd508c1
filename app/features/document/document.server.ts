import crypto from 'node:crypto'
import { PRERENDER_NONCE } from './csp.ts'

/*
 * Documents rendered to be kept (prerendered pages, cached blog pages) carry the placeholder nonce (decision 002).
 * A kept page loses it and allows its inline scripts by their hashes (`keptDocument`); a page rendered with the
 * placeholder but sent only once gets the response's nonce (`withResponseNonce`).
 */

/** The `'sha256-…'` sources that allow each inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
	return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
		([, code = '']) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`,
	)
}

/** A page the server keeps: without the placeholder nonce, and the hashes of its inline scripts. */
export function keptDocument(html: string): { html: string; scriptHashes: string[] } {
	const kept = html.replaceAll(` nonce="${PRERENDER_NONCE}"`, '')
	return { html: kept, scriptHashes: inlineScriptHashes(kept) }
}

/** A page rendered with the placeholder but sent only once: the response's nonce instead. */
export function withResponseNonce(html: string, nonce: string): string {
	return html.replaceAll(` nonce="${PRERENDER_NONCE}"`, ` nonce="${nonce}"`)
}
