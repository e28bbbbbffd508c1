import fs from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PRERENDER_NONCE } from '#app/features/document/csp.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { compressPrerendered, loadPrerendered } from './prerendered.ts'

function clientFolder() {
	const clientDir = path.join(tempDir('prerendered-'), 'client')
	fs.mkdirSync(path.join(clientDir, 'pricing'), { recursive: true })
	fs.mkdirSync(path.join(clientDir, 'assets'))
	fs.writeFileSync(
		path.join(clientDir, 'pricing/index.html'),
		`<!DOCTYPE html><html><body><h1>Pricing</h1><script nonce="${PRERENDER_NONCE}">window.ready = 1</script></body></html>`,
	)
	fs.writeFileSync(path.join(clientDir, 'pricing.data'), '[{"plans":3}]')
	fs.writeFileSync(path.join(clientDir, 'assets/app.js'), 'export {}')
	return clientDir
}

describe('prerendered pages', () => {
	it('are compressed once at build time, outside what static serving answers, and sent as those bytes', async () => {
		const clientDir = clientFolder()
		expect(await compressPrerendered(clientDir)).toBe(2)
		const compressed = path.join(clientDir, '../compressed-pages')
		const brotli = fs.readFileSync(path.join(compressed, 'pricing/index.html.br'))
		expect(brotliDecompressSync(brotli).toString()).not.toContain(PRERENDER_NONCE)
		expect(gunzipSync(fs.readFileSync(path.join(compressed, 'pricing.data.gz'))).toString()).toBe('[{"plans":3}]')
		expect(fs.readdirSync(clientDir).filter((name) => /\.(br|gz)$/.test(name))).toEqual([])

		const pages = await loadPrerendered(clientDir, {})
		const page = pages.get('/pricing')
		expect(page?.bodies.br.equals(brotli)).toBe(true)
		expect(
			brotliDecompressSync(page?.bodies.br ?? Buffer.alloc(0)).equals(page?.bodies.identity ?? Buffer.alloc(1)),
		).toBe(true)
		expect(gunzipSync(page?.bodies.gzip ?? Buffer.alloc(0)).equals(page?.bodies.identity ?? Buffer.alloc(1))).toBe(true)
	})

	it('are compressed at start when the build made no copies (a release from before)', async () => {
		const pages = await loadPrerendered(clientFolder(), {})
		const page = pages.get('/pricing')
		expect(page?.bodies.identity.toString()).toContain('<h1>Pricing</h1>')
		expect(
			brotliDecompressSync(page?.bodies.br ?? Buffer.alloc(0)).equals(page?.bodies.identity ?? Buffer.alloc(1)),
		).toBe(true)
		expect(pages.get('/pricing.data')?.bodies.identity.toString()).toBe('[{"plans":3}]')
	})
})
