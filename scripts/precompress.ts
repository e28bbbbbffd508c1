import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

const compressible = /\.(?:js|css|svg|json|txt|xml)$/
/** Part of every cache key: copies made with other settings (in scripts/precompress-worker.mjs) are never reused. */
const COMPRESSION_SETTINGS = 'zopfli-15-brotli-11'
export const defaultPrecompressCacheDir = path.resolve(
	import.meta.dirname,
	'../node_modules/.cache/precompressed-assets',
)

type Job = { source: string; gzipTo: string; brotliTo: string }

function runJob(worker: Worker, job: Job) {
	return new Promise<void>((resolve, reject) => {
		const settle = (error?: Error) => {
			worker.off('message', done).off('error', settle)
			if (error) reject(error)
			else resolve()
		}
		const done = () => settle()
		worker.on('message', done).on('error', settle)
		worker.postMessage(job)
	})
}

/** Runs the jobs on one worker per core, each taking the next job when it finishes one. */
async function compressInWorkers(jobs: Job[]) {
	const queue = [...jobs]
	const workerCount = Math.min(os.availableParallelism(), queue.length)
	await Promise.all(
		Array.from({ length: workerCount }, async () => {
			const worker = new Worker(new URL('./precompress-worker.mjs', import.meta.url))
			try {
				for (let job = queue.shift(); job; job = queue.shift()) await runJob(worker, job)
			} finally {
				await worker.terminate()
			}
		}),
	)
}

/**
 * Writes `.gz` (zopfli, the smallest gzip) and `.br` (brotli at maximum quality) beside every hashed asset:
 * they never change, so the slow best compression is paid once at build time instead of per request. Copies are kept
 * by content in `cacheDir`, so a build pays only for the assets that changed since an earlier one.
 */
export async function precompressAssets(assetsDir: string, cacheDir = defaultPrecompressCacheDir) {
	fs.mkdirSync(cacheDir, { recursive: true })
	const assets: Job[] = fs
		.readdirSync(assetsDir)
		.filter((name) => compressible.test(name))
		.map((name) => {
			const file = path.join(assetsDir, name)
			const key = crypto.createHash('sha256').update(COMPRESSION_SETTINGS).update(fs.readFileSync(file)).digest('hex')
			return { source: file, gzipTo: path.join(cacheDir, `${key}.gz`), brotliTo: path.join(cacheDir, `${key}.br`) }
		})
	const missing = assets.filter((asset) => !fs.existsSync(asset.gzipTo) || !fs.existsSync(asset.brotliTo))
	await compressInWorkers(missing)
	for (const asset of assets) {
		fs.copyFileSync(asset.gzipTo, `${asset.source}.gz`)
		fs.copyFileSync(asset.brotliTo, `${asset.source}.br`)
	}
	return { assets: assets.length, compressed: missing.length }
}
