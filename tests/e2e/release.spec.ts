import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { prerenderedPaths } from '#app/content/pages.ts'
import { expect, test } from '#tests/support/test.ts'
import { until } from '../../scripts/lib/drill/traffic.ts'
import { defaultPrecompressCacheDir } from '../../scripts/precompress.ts'
import { unsupportedNodeMessage } from '../../server/release.mjs'
import { spawnWithOutput } from '../support/production-server.ts'
import { startServer, testBuildDir } from '../support/server.ts'
import { buildTestSite } from '../support/site-build.ts'
import { tempDir } from '../support/temp-dir.ts'

const root = path.resolve(import.meta.dirname, '../..')
/** The project's own Node 24 (the npm registry's `node` package) runs the suite: first on the path, it runs the release. */
const node24Path = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`
/** The machine's own Node, as found on the path without the project's tools. */
function machineNode() {
	const searchPath = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => !dir.includes('node_modules'))
	const binary = execFileSync('sh', ['-c', 'command -v node'], { env: { PATH: searchPath.join(path.delimiter) } })
	const version = execFileSync(binary.toString().trim(), ['-v']).toString().trim()
	return { searchPath: searchPath.join(path.delimiter), version }
}

type Started = { url: string; output: () => string; stop: () => Promise<number | null> }

/** Starts the release in `dir` as its container does: `node scripts/start.mjs` with NODE_ENV=production. */
async function startRelease(dir: string, dataDir: string, searchPath: string): Promise<Started> {
	const { child, output, exited } = spawnWithOutput('node', ['scripts/start.mjs'], {
		cwd: dir,
		env: {
			PATH: searchPath,
			HOME: process.env.HOME,
			NODE_ENV: 'production',
			PORT: '0',
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			SITE_URL: 'https://www.example.com',
		},
	})
	const listening = await until(() => /"port":(\d+)/.test(output()) || child.exitCode !== null, 120_000, 50)
	expect(listening && child.exitCode === null, output()).toBe(true)
	return {
		url: `http://127.0.0.1:${/"port":(\d+)/.exec(output())?.[1]}`,
		output,
		stop: () => {
			child.kill('SIGTERM')
			return exited
		},
	}
}

/** What a visitor and an operator notice first: every prerendered page, the blog, a form post, health and readiness. */
async function smokeTest(server: Started) {
	for (const page of prerenderedPaths) {
		const answer = await fetch(`${server.url}${page}`)
		expect(answer.status, page).toBe(200)
	}
	const blog = await (await fetch(`${server.url}/blog`)).text()
	const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1]
	expect((await fetch(`${server.url}${article}`)).status).toBe(200)
	const asset = /(\/assets\/[\w.-]+\.js)/.exec(await (await fetch(server.url)).text())?.[1]
	expect((await fetch(`${server.url}${asset}`)).status).toBe(200)
	const post = await fetch(`${server.url}/contact`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
		body: new URLSearchParams({
			name: 'Release Smoke',
			email: 'smoke@example.com',
			subject: 'Release check',
			message: 'Sent to the release built from a clean folder.',
		}),
	})
	expect(post.status).toBeLessThan(400)
	const health = await fetch(`${server.url}/healthz`)
	expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' })
	const ready = await fetch(`${server.url}/readyz`)
	expect(ready.status).toBe(200)
	expect(await ready.json()).toMatchObject({ status: 'ready', version: expect.stringMatching(/^\d{8}T\d{6}-/) })
}

test.describe('the release the container image runs, made by scripts/release.sh', () => {
	let release: string
	/** What the clean install, the build and the production install printed, both streams in order. */
	let printed: string
	test.beforeAll(() => {
		test.setTimeout(600_000)
		release = path.join(tempDir('site-release-'), 'app')
		printed = execFileSync('bash', ['-c', 'bash scripts/release.sh "$0" 2>&1', release], {
			cwd: root,
			encoding: 'utf8',
			// Assets this run already compressed are reused by their content, as on a developer machine; the rest are compressed.
			env: { ...process.env, PATH: node24Path, PRECOMPRESS_CACHE_DIR: defaultPrecompressCacheDir },
		})
	})
	test.afterAll(() => {
		if (release) fs.rmSync(path.dirname(release), { recursive: true, force: true })
	})

	test('installs and builds without a warning: no deprecation, future flag, unreviewed install script or oversized chunk', () => {
		const warnings = printed.split('\n').filter((line) => /warn|deprecat|future flag|\(!\)/i.test(line))
		expect(warnings).toEqual([])
		expect(printed).toContain('ready in')
	})

	test('holds production dependencies only, no development tools and no TypeScript source', () => {
		const installed = (tool: string) => fs.existsSync(path.join(release, 'node_modules', tool))
		// TypeScript itself comes along as React Router's peer dependency; nothing there runs it.
		expect(['tsx', 'vite', 'esbuild', 'vitest', '@react-router/dev'].filter(installed)).toEqual([])
		expect(installed('react-router')).toBe(true)
		const sources = execFileSync('find', [
			release,
			'-path',
			`${release}/node_modules`,
			'-prune',
			'-o',
			'-name',
			'*.ts',
			'-print',
		])
		expect(sources.toString().trim()).toBe('')
	})

	test('starts from its folder on Node 24, serves the site and stops cleanly', async () => {
		expect(process.version).toMatch(/^v24\./)
		const dataDir = path.join(tempDir('site-release-data-'), 'data')
		const server = await startRelease(release, dataDir, node24Path)
		try {
			expect(server.output()).toMatch(/"node":"v24\./)
			await smokeTest(server)
		} finally {
			expect(await server.stop()).toBe(0)
		}
		const exported = execFileSync('npm', ['run', '--silent', 'leads:export', '--', 'contact_messages'], {
			cwd: release,
			env: { ...process.env, PATH: node24Path, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' },
		}).toString()
		expect(exported).toContain('smoke@example.com')
	})

	test('refuses, in one line, a Node older than React Router 8 supports', async () => {
		const machine = machineNode()
		test.skip(unsupportedNodeMessage(machine.version) === null, 'only a machine whose own Node is too old can show it')
		const { child, output, exited } = spawnWithOutput('node', ['scripts/start.mjs'], {
			cwd: release,
			env: { PATH: machine.searchPath, HOME: process.env.HOME, NODE_ENV: 'production', PORT: '0' },
		})
		expect(await exited).toBe(1)
		expect(child.exitCode).toBe(1)
		expect(output().trim()).toBe(unsupportedNodeMessage(machine.version))
		expect(output()).toContain(
			`needs Node 22.22.0 or newer (Node 24 recommended); this is Node ${machine.version.slice(1)}`,
		)
	})
})

test.describe('building again while a server runs', () => {
	let buildDir: string
	test.afterAll(() => {
		if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true })
	})

	test('builds into a new release, leaves the running one whole and keeps serving the previous assets', async () => {
		test.setTimeout(300_000)
		// The run's shared build, copied, is the release that runs first: one build of its own, not two.
		// Inside the project, as every build is, so its compiled server finds node_modules.
		buildDir = fs.mkdtempSync(path.join(root, '.e2e-builds', 'rebuild-'))
		fs.cpSync(testBuildDir(), buildDir, { recursive: true, verbatimSymlinks: true })
		const firstRelease = fs.realpathSync(path.join(buildDir, 'current'))
		// An asset only the first release has, as after a change to the code: its pages still ask for it.
		const oldAsset = 'only-in-first-release-0a1b2c3d.js'
		fs.writeFileSync(path.join(firstRelease, 'client/assets', oldAsset), 'export {}\n')
		const info = JSON.parse(fs.readFileSync(path.join(firstRelease, 'release.json'), 'utf8'))
		info.ownAssets.push(oldAsset)
		fs.writeFileSync(path.join(firstRelease, 'release.json'), JSON.stringify(info))
		const firstBrand: string = info.publicConfig.brandName

		const running = await startServer({ buildDir })
		try {
			await buildTestSite({ BRAND_NAME: 'Second Brand' }, buildDir)
			const secondRelease = fs.realpathSync(path.join(buildDir, 'current'))
			expect(secondRelease).not.toBe(firstRelease)
			expect(fs.existsSync(firstRelease)).toBe(true)

			// The server started before the build still serves its own pages and assets.
			const page = await (await fetch(`${running.url}/pricing`)).text()
			expect(page).toContain(firstBrand)
			expect(page).not.toContain('Second Brand')
			const asset = /(\/assets\/[\w.-]+\.js)/.exec(page)?.[1]
			expect((await fetch(`${running.url}${asset}`)).status).toBe(200)

			const upgraded = await startServer({ buildDir, env: { BRAND_NAME: 'Second Brand' } })
			try {
				expect(await (await fetch(`${upgraded.url}/pricing`)).text()).toContain('Second Brand')
				expect((await fetch(`${upgraded.url}/assets/${oldAsset}`)).status).toBe(200)
			} finally {
				await upgraded.stop()
			}
		} finally {
			await running.stop()
		}
	})
})
