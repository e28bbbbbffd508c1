// `npm run bench:blog`: blog latency with 100 posts and with 100,000, measured in one run, against the budget.
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#app/db/client.server.ts'
import { startServer, tempDir } from '#tests/support/production-server.ts'
import { build, staleBuildReason } from './build.ts'

const SIZES = [100, 100_000] as const
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 5)
/** p50 with 100,000 posts may be at most this many times p50 with 100. */
const BUDGET_RATIO = 2

async function seed(dataDir: string, count: number) {
	const database = await openDatabase({ dataDir })
	try {
		await database.db.execute(sql`
			INSERT INTO blog_posts (title, seo_slug, published_at, excerpt, content, categories, tags)
			SELECT 'Benchmark post ' || i, 'bench-post-' || i, timestamptz '2020-01-01' + i * interval '1 minute',
				'Excerpt of benchmark post ' || i, repeat('Parked domains become developed sites. ', 120),
				jsonb_build_array('Category ' || (i % 12), 'Guides'), jsonb_build_array('tag-' || (i % 40), 'domains')
			FROM generate_series(1, ${count}) AS i`)
		await database.db.execute(sql`ANALYZE blog_posts`)
	} finally {
		await database.close()
	}
}

process.env.NODE_ENV = 'production'
const reason = staleBuildReason()
if (reason) {
	console.log(`Building the site (${reason})...`)
	await build()
}

type Row = { posts: number; url: string; status: number; first: number; p50: number; p99: number; rps: number }
const rows: Row[] = []
for (const count of SIZES) {
	const dataDir = path.join(tempDir('bench-blog-'), 'data')
	console.log(`Seeding ${count} posts...`)
	await seed(dataDir, count)
	const server = await startServer({
		buildDir: process.env.BUILD_DIR || 'build',
		dataDir,
		env: { BLOG_CONTENT_DIR: tempDir('bench-blog-empty-') },
	})
	try {
		const middle = Math.ceil(count / 2)
		// The article page carries its related posts.
		const urls = [
			'/blog',
			'/blog?page=5000',
			`/blog/bench-post-${middle}`,
			'/blog/category/category-3',
			'/blog/tag/tag-7',
			`/blog/search?q=benchmark+post+${middle}`,
			// The costliest shapes a search may take: a long phrase, alternatives, many words every post holds, the last
			// page shown; and shapes refused without a query (too many alternatives, a page past the last shown).
			'/blog/search?q=%22parked+domains+become+developed+sites+parked+domains+become%22',
			'/blog/search?q=parked+OR+domains+OR+sites',
			'/blog/search?q=parked+domains+become+developed+sites+benchmark+post+excerpt',
			'/blog/search?q=domains&page=50',
			`/blog/search?q=${Array.from({ length: 20 }, (_, n) => `word${n}`).join('+OR+')}`,
			'/blog/search?q=domains&page=8000',
			// What answer engines read: the site's summary and a post's Markdown version.
			'/llms.txt',
			'/llms-full.txt',
			`/blog/bench-post-${middle}.md`,
		]
		for (const url of urls) {
			const started = performance.now()
			const status = (await fetch(server.url + url)).status
			// The first request renders with cold caches: what a page not asked for in the last minute costs.
			const first = Math.round(performance.now() - started)
			// Warm-up: JIT and caches settle before the measured run.
			await autocannon({ url: server.url + url, connections: 10, duration: 1 })
			const result = await autocannon({ url: server.url + url, connections: 10, duration: DURATION_SECONDS })
			rows.push({
				posts: count,
				url,
				status,
				first,
				p50: result.latency.p50,
				p99: result.latency.p99,
				rps: result.requests.average,
			})
		}
	} finally {
		await server.stop()
	}
}

console.table(
	rows.map((row) => ({
		...row,
		first: `${row.first} ms`,
		p50: `${row.p50} ms`,
		p99: `${row.p99} ms`,
		rps: Math.round(row.rps),
	})),
)
const small = rows.filter((row) => row.posts === SIZES[0])
const over = rows
	.filter((row) => row.posts === SIZES[1])
	.filter((row, i) => row.p50 > BUDGET_RATIO * Math.max(1, small[i]?.p50 ?? 0))
console.log(
	over.length
		? `Over budget (p50 at ${SIZES[1]} posts above ${BUDGET_RATIO}x p50 at ${SIZES[0]}): ${over.map((r) => r.url).join(', ')}`
		: `Within budget: p50 at ${SIZES[1]} posts is at most ${BUDGET_RATIO}x p50 at ${SIZES[0]} for every URL.`,
)
process.exitCode = over.length ? 1 : 0
