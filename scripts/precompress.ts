import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'

const compressible = /\.(?:js|css|svg|json|txt|xml)$/

/**
 * Writes `.gz` (zopfli, the smallest gzip) and `.br` (brotli at maximum quality) beside every hashed asset:
 * they never change, so the slow best compression is paid once at build time instead of per request.
 */
export async function precompressAssets(assetsDir: string) {
	const files = fs.readdirSync(assetsDir).filter((name) => compressible.test(name))
	await Promise.all(
		files.map(async (name) => {
			const file = path.join(assetsDir, name)
			const source = fs.readFileSync(file)
			fs.writeFileSync(`${file}.gz`, await gzipAsync(source, { numiterations: 15 }))
			fs.writeFileSync(
				`${file}.br`,
				brotliCompressSync(source, {
					params: {
						[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
						[constants.BROTLI_PARAM_SIZE_HINT]: source.length,
					},
				}),
			)
		}),
	)
	return files.length
}
