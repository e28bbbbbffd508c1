import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from '#tests/support/test.ts'
import { until } from '../../scripts/lib/drill/traffic.ts'
import { spawnWithOutput } from '../support/production-server.ts'
import { type RunningServer, spawnServer, startServer, testBuildDir } from '../support/server.ts'
import { testSiteEnv } from '../support/site-env.ts'
import { tempDir } from '../support/temp-dir.ts'

const root = path.resolve(import.meta.dirname, '../..')

type Answer = { path: string; status?: number; complete: boolean; error?: string }

/** One GET on `agent`; `complete` says the whole body arrived (a cut answer ends early or with an error). */
function get(server: { url: string }, urlPath: string, agent: http.Agent): Promise<Answer> {
	return new Promise((resolve) => {
		const req = http.get(`${server.url}${urlPath}`, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
			res.resume()
			res.on('end', () => resolve({ path: urlPath, status: res.statusCode, complete: res.complete }))
			res.on('error', (error) =>
				resolve({ path: urlPath, status: res.statusCode, complete: false, error: error.message }),
			)
		})
		req.on('error', (error) =>
			resolve({ path: urlPath, complete: false, error: (error as NodeJS.ErrnoException).code }),
		)
	})
}

/** The addresses of every kind of GET the site answers: prerendered, a cached article, an asset, the console. */
async function addressesOfEveryKind(server: RunningServer) {
	const blog = await (await fetch(`${server.url}/blog`)).text()
	const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1]
	const home = await (await fetch(`${server.url}/`)).text()
	const asset = /(\/assets\/[\w.-]+\.(?:js|css))/.exec(home)?.[1]
	expect(article).toBeTruthy()
	expect(asset).toBeTruthy()
	// The second request of an article is answered from the cache of rendered pages.
	await fetch(`${server.url}${article}`)
	return ['/pricing', article as string, asset as string, '/admin/sign-in', '/blog', '/healthz']
}

/** Whether anything still accepts connections on the server's port. */
function accepts(port: number) {
	return new Promise<boolean>((resolve) => {
		const socket = net.connect(port, '127.0.0.1')
		socket.once('connect', () => {
			socket.destroy()
			resolve(true)
		})
		socket.once('error', () => resolve(false))
	})
}

test.describe('stopping the production server', () => {
	for (const signal of ['SIGTERM', 'SIGINT'] as const) {
		test(`on ${signal} answers every request already sent in full, of every kind, then exits 0 with the database closed`, async () => {
			const server = await startServer()
			const paths = await addressesOfEveryKind(server)
			const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
			// Six kept-alive connections, each busy.
			await Promise.all(paths.map((p) => get(server, p, agent)))
			const beforeSignal = Promise.all(paths.flatMap((p) => [get(server, p, agent), get(server, p, agent)]))

			// A form post whose body is still on its way when the signal comes: in flight until the server has closed.
			const body = new URLSearchParams({ email: 'late@example.com', name: 'Late Reader', source: 'test' }).toString()
			const post = http.request(`${server.url}/newsletter`, {
				method: 'POST',
				agent: false,
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					'content-length': Buffer.byteLength(body),
					origin: server.url,
				},
			})
			const postAnswer = new Promise<Answer>((resolve) => {
				post.on('response', (res) => {
					res.resume()
					res.on('end', () => resolve({ path: '/newsletter', status: res.statusCode, complete: res.complete }))
				})
				post.on('error', (error) => resolve({ path: '/newsletter', complete: false, error: error.message }))
			})
			await new Promise((resolve) => post.write(body.slice(0, 10), resolve))

			const exited = server.stop(signal)
			// Right after the signal: a prerendered page and a cached article, on kept-alive and on new connections.
			const afterSignal = Promise.all([
				...paths.slice(0, 2).map((p) => get(server, p, agent)),
				...paths.slice(0, 2).map((p) => get(server, p, new http.Agent({ keepAlive: false }))),
			])
			// The rest of the post's body once the server no longer takes connections.
			expect(await until(async () => !(await accepts(server.port)), 10_000, 20)).toBe(true)
			post.end(body.slice(10))

			const answers = [...(await beforeSignal), ...(await afterSignal), await postAnswer]
			expect(answers.filter((answer) => !answer.complete || !answer.status)).toEqual([])
			expect(answers.every((answer) => answer.status && answer.status < 500)).toBe(true)
			expect(await exited).toBe(0)
			const output = server.output()
			expect(output).not.toMatch(/ERR_HTTP_HEADERS_SENT|"level":50|"level":60/)
			expect(output).toContain('"msg":"stopped"')
			expect(fs.existsSync(path.join(server.dataDir, 'owner.pid'))).toBe(false)
			agent.destroy()
		})
	}

	test('stops the same way when the signal goes to `npm start`, which runs the release with plain node', async () => {
		const dataDir = path.join(tempDir('site-e2e-npm-start-'), 'data')
		const {
			child: npm,
			output: npmOutput,
			exited,
		} = spawnWithOutput('npm', ['start', '--silent'], {
			cwd: root,
			env: {
				...process.env,
				...testSiteEnv,
				NODE_ENV: 'production',
				BUILD_DIR: testBuildDir(),
				PORT: '0',
				HOST: '127.0.0.1',
				DATA_DIR: dataDir,
				DATABASE_URL: '',
			},
		})
		expect(await until(() => /"port":(\d+)/.test(npmOutput()), 60_000, 50)).toBe(true)
		const port = Number(/"port":(\d+)/.exec(npmOutput())?.[1])
		expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)

		// Only node runs the site: no TypeScript compiler or loader in the process tree.
		const serverPid = Number(fs.readFileSync(path.join(dataDir, 'owner.pid'), 'utf8'))
		const commandLine = fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').join(' ')
		expect(commandLine).toMatch(/node scripts\/start\.mjs/)
		expect(commandLine).not.toMatch(/tsx|esbuild/)

		npm.kill('SIGTERM')
		expect(await until(async () => !(await accepts(port)), 15_000, 50)).toBe(true)
		await exited
		expect(await until(() => !fs.existsSync(path.join(dataDir, 'owner.pid')), 10_000, 50)).toBe(true)
		expect(npmOutput()).toContain('"msg":"stopped"')
	})
})

test.describe('starting the production server', () => {
	test('retries an unreachable PostgreSQL, one JSON line per attempt naming the host, then exits 1 with one line', async () => {
		const closedPort = await new Promise<number>((resolve) => {
			const probe = net.createServer().listen(0, '127.0.0.1', () => {
				const { port } = probe.address() as net.AddressInfo
				probe.close(() => resolve(port))
			})
		})
		const run = spawnServer({
			env: {
				DATABASE_URL: `postgres://site:s3cret-password@127.0.0.1:${closedPort}/site`,
				DATABASE_CONNECT_TIMEOUT: '3',
			},
		})
		expect(await run.exited).toBe(1)
		const lines = run.output().trim().split('\n')
		const attempts = lines.filter((line) => line.startsWith('{') && line.includes(`127.0.0.1:${closedPort}`))
		expect(attempts.length).toBeGreaterThanOrEqual(2)
		for (const attempt of attempts) expect(JSON.parse(attempt)).toMatchObject({ level: 40 })
		const last = lines.at(-1) ?? ''
		expect(last).not.toMatch(/^\{/)
		expect(last).toContain(`127.0.0.1:${closedPort}`)
		expect(run.output()).not.toContain('s3cret-password')
		expect(run.output()).not.toMatch(/\n\s+at /)
	})

	test('answers readiness and liveness with the release it runs, and gives every request an id', async () => {
		const server = await startServer()
		try {
			const ready = await fetch(`${server.url}/readyz`)
			expect(ready.status).toBe(200)
			const health = await fetch(`${server.url}/healthz`)
			const release = fs.readlinkSync(path.join(testBuildDir(), 'current')).split('/').at(-1)
			expect(await ready.json()).toMatchObject({ status: 'ready', version: release })
			expect(await health.json()).toMatchObject({ status: 'ok', version: release })
			expect(ready.headers.get('cache-control')).toBe('no-store')
			const page = await fetch(`${server.url}/pricing`, { headers: { 'x-request-id': 'proxy-request-0001' } })
			expect(page.headers.get('x-request-id')).toBe('proxy-request-0001')
			const own = (await fetch(`${server.url}/pricing`)).headers.get('x-request-id')
			expect(own).toMatch(/^[0-9a-f-]{36}$/)
			expect(await until(() => server.output().includes(`"id":"${own}"`), 5_000, 20)).toBe(true)
			const line =
				server
					.output()
					.split('\n')
					.find((entry) => entry.includes(`"id":"${own}"`)) ?? '{}'
			expect(JSON.parse(line)).toMatchObject({ url: '/pricing', status: 200, bytes: expect.any(Number) })
		} finally {
			await server.stop()
		}
	})
})
