// `npm run bench:upload`: how long an upload of a 4-megapixel photo takes to answer (the original and the post column's
// WebP stored) and how long the copies made after the answer take, medians of five, on each database.
import sharp from 'sharp'
import { operators } from '#app/db/schema.ts'
import { finishImageCopies, storeImage } from '#app/features/media/media.server.ts'
import { onFreshDatabases } from './lib/latency.ts'

const runs = Number(process.env.BENCH_RUNS || 5)
const budgetSeconds = 2
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** A 2,400 x 1,700 photo-like JPEG: noise compresses and resizes like a real photo, a flat colour would not. */
async function photo(seed: number) {
	const width = 2400
	const height = 1700
	const pixels = Buffer.alloc(width * height * 3)
	let state = seed * 2654435761
	for (let i = 0; i < pixels.length; i++) {
		state = (state * 1103515245 + 12345) >>> 0
		pixels[i] = ((i % 3) * 70 + (state >>> 24) / 2) & 0xff
	}
	return sharp(pixels, { raw: { width, height, channels: 3 } })
		.blur(1.2)
		.jpeg({ quality: 88 })
		.toBuffer()
}

const figures = await onFreshDatabases(
	'bench_upload',
	process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
	async (database, handle) => {
		const [operator] = await handle.db
			.insert(operators)
			.values({ email: 'bench@example.com', display_name: 'Bench', password_hash: 'not-a-hash' })
			.returning({ id: operators.id })
		const answered: number[] = []
		const finished: number[] = []
		for (let run = 0; run < runs; run++) {
			const bytes = await photo(run + 1)
			const started = performance.now()
			const outcome = await storeImage(handle.db, {
				bytes,
				originalName: `photo-${run}.jpg`,
				by: operator?.id ?? 0,
				clientAddress: '203.0.113.1',
			})
			answered.push((performance.now() - started) / 1000)
			if (!outcome.ok) throw new Error(outcome.message)
			const after = performance.now()
			await finishImageCopies(handle.db, outcome.image.id)
			finished.push((performance.now() - after) / 1000)
		}
		return [
			{
				database,
				'answer s (median)': median(answered).toFixed(2),
				'copies after s (median)': median(finished).toFixed(2),
				'all before (sum) s': (median(answered) + median(finished)).toFixed(2),
				over: median(answered) >= budgetSeconds ? 'OVER' : '',
			},
		]
	},
)
console.table(figures)
console.log(`4 MP JPEG, ${runs} uploads each. Budget: the answer under ${budgetSeconds} s.`)
if (figures.some((row) => row.over)) process.exitCode = 1
