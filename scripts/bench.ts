// Requests per second and p99 latency of the production server, each as a ratio to nginx serving the same file.
import path from 'node:path'
import autocannon, { type Result } from 'autocannon'
import { startServer } from '#tests/support/production-server.ts'
import { newestArticle } from '#tests/support/site-routes.ts'
import { buildIfStale } from './build.ts'
import { startNginx } from './lib/static-file-server.ts'

const seconds = Number(process.env.BENCH_SECONDS || 10)
const connections = 50
/** Prerendered and cached pages must reach this share of the static server's requests per second. */
const MIN_STATIC_RATIO = 0.2

process.env.NODE_ENV = 'production'
await buildIfStale()
const buildDir = process.env.BUILD_DIR || 'build'
const server = await startServer({
	buildDir,
	// Limits would turn the form benchmark into a 429 benchmark.
	env: { RATE_LIMIT_MAX: '1000000000' },
})
const page = '/pricing'
const nginx = await startNginx({ [`${page}/index.html`]: path.join(buildDir, 'current/client', page, 'index.html') })

type Target = {
	name: string
	url: string
	expected: 200 | 404
	budget: boolean
	method?: 'POST'
	headers?: Record<string, string>
	body?: string
}

async function run(target: Target) {
	const result: Result = await autocannon({
		url: target.url,
		connections,
		duration: seconds,
		method: target.method ?? 'GET',
		headers: target.headers,
		body: target.body,
		idReplacement: Boolean(target.body),
	})
	const unexpected = target.expected === 404 ? result.requests.total - result['4xx'] : result.non2xx
	return { result, unexpected: unexpected + result.errors + result.timeouts }
}

try {
	const article = await newestArticle(server.url)
	const targets: Target[] = [
		{ name: `prerendered page (${page})`, url: `${server.url}${page}`, expected: 200, budget: true },
		...(article
			? [{ name: `cached article (${article})`, url: `${server.url}${article}`, expected: 200 as const, budget: true }]
			: []),
		{ name: 'uncached server render (404 page)', url: `${server.url}/no-such-page`, expected: 404, budget: false },
		{
			name: 'contact form post',
			url: `${server.url}/contact`,
			expected: 200,
			budget: false,
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: 'name=Bench&email=bench-[<id>]%40example.com&subject=Benchmark&message=A+benchmark+message.',
		},
	]
	if (!article) console.log('No published article: run `npm run blog:import` to include the cached article.')
	console.log(`autocannon: ${connections} connections, ${seconds} s per target, loopback; nginx with one worker.`)
	// The reference runs first and last: its mean absorbs drift on a shared machine.
	const staticTarget: Target = { name: 'nginx', url: `${nginx.url}${page}/`, expected: 200, budget: false }
	const before = await run(staticTarget)
	const measured = []
	for (const target of targets) measured.push({ target, ...(await run(target)) })
	const after = await run(staticTarget)
	const reference = (before.result.requests.average + after.result.requests.average) / 2
	const rows = [
		{ target: staticTarget, result: before.result, unexpected: before.unexpected + after.unexpected },
		...measured,
	]
	const failures: string[] = []
	console.table(
		rows.map(({ target, result, unexpected }) => {
			const ratio = target === staticTarget ? 1 : result.requests.average / reference
			if (target.budget && ratio < MIN_STATIC_RATIO) failures.push(`${target.name}: ${ratio.toFixed(2)} of nginx`)
			if (unexpected) failures.push(`${target.name}: ${unexpected} unexpected answers or errors`)
			return {
				target: target.name,
				'req/s': Math.round(target === staticTarget ? reference : result.requests.average),
				'p99 ms': result.latency.p99,
				'vs nginx': ratio.toFixed(2),
				unexpected,
				budget: target.budget ? `≥ ${MIN_STATIC_RATIO}` : '',
			}
		}),
	)
	for (const failure of failures) console.log(`Over budget: ${failure}`)
	process.exitCode = failures.length ? 1 : 0
} finally {
	await nginx.stop()
	await server.stop()
}
