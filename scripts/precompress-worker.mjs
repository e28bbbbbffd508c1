// Compresses the assets the build hands it, one at a time, off the build's main thread: zopfli holds a core per file.
import fs from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { brotliCompressSync, constants } from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'

/** Writes a file whole or not at all: another build may read the same cache entry at the same moment. */
function writeAtomically(file, data) {
	const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`
	fs.writeFileSync(partial, data)
	fs.renameSync(partial, file)
}

parentPort?.on('message', async ({ source, gzipTo, brotliTo }) => {
	const content = fs.readFileSync(source)
	writeAtomically(gzipTo, await gzipAsync(content, { numiterations: 15 }))
	writeAtomically(
		brotliTo,
		brotliCompressSync(content, {
			params: {
				[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
				[constants.BROTLI_PARAM_SIZE_HINT]: content.length,
			},
		}),
	)
	parentPort?.postMessage(source)
})
