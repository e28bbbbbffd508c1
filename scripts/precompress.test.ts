import fs from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { tempDir } from '#tests/support/temp-dir.ts'
import { precompressAssets } from './precompress.ts'

function assetsFolder(files: Record<string, string>) {
	const dir = tempDir('precompress-assets-')
	for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
	return dir
}

const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))}\n`
const styles = `body { color: #222; }\n${'.card { margin: 0 auto; }\n'.repeat(50)}`

describe('precompressAssets', () => {
	it('writes a gzip and a brotli copy beside each text asset that decompress to it, and leaves images alone', async () => {
		const dir = assetsFolder({ 'entry-a1b2.js': script, 'app-c3d4.css': styles })
		fs.writeFileSync(path.join(dir, 'logo-e5f6.webp'), Buffer.from([0x52, 0x49, 0x46, 0x46]))
		const result = await precompressAssets(dir, tempDir('precompress-cache-'))
		expect(result).toEqual({ assets: 2, compressed: 2 })
		for (const [name, text] of Object.entries({ 'entry-a1b2.js': script, 'app-c3d4.css': styles })) {
			const gzip = fs.readFileSync(path.join(dir, `${name}.gz`))
			expect(gzip.length).toBeLessThan(text.length)
			expect(gunzipSync(gzip).toString()).toBe(text)
			expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).toString()).toBe(text)
		}
		expect(fs.existsSync(path.join(dir, 'logo-e5f6.webp.gz'))).toBe(false)
	})

	it('compresses again only the assets whose content no earlier build compressed, whatever their names', async () => {
		const cache = tempDir('precompress-cache-')
		await precompressAssets(assetsFolder({ 'entry-a1b2.js': script, 'app-c3d4.css': styles }), cache)
		const changed = `${script}export const more = 1\n`
		const next = assetsFolder({ 'entry-ffff.js': script, 'app-c3d4.css': changed })
		expect(await precompressAssets(next, cache)).toEqual({ assets: 2, compressed: 1 })
		expect(gunzipSync(fs.readFileSync(path.join(next, 'app-c3d4.css.gz'))).toString()).toBe(changed)
		expect(brotliDecompressSync(fs.readFileSync(path.join(next, 'entry-ffff.js.br'))).toString()).toBe(script)
	})
})
