import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig, publicConfig } from '../app/features/site/config.server.ts'
import { precompressAssets } from './precompress.ts'

const root = path.resolve(import.meta.dirname, '..')
const buildDir = (env: NodeJS.ProcessEnv) => path.resolve(root, env.BUILD_DIR || 'build')
const stampPath = (env: NodeJS.ProcessEnv) => path.join(buildDir(env), 'public-config.json')
const sourceEntries = ['app', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json']

function newestSourceTime(entry: string): number {
	const full = path.join(root, entry)
	if (!fs.existsSync(full)) return 0
	const stat = fs.statSync(full)
	if (!stat.isDirectory()) return stat.mtimeMs
	return fs
		.readdirSync(full)
		.reduce((newest, name) => Math.max(newest, newestSourceTime(path.join(entry, name))), stat.mtimeMs)
}

/** Why the build must be redone, or null when it is current: prerendered pages bake in sources and public config. */
export function staleBuildReason(env: NodeJS.ProcessEnv = process.env): string | null {
	const stamp = stampPath(env)
	if (!fs.existsSync(path.join(buildDir(env), 'server/index.js')) || !fs.existsSync(stamp)) return 'no build yet'
	const builtAt = fs.statSync(stamp).mtimeMs
	if (sourceEntries.some((entry) => newestSourceTime(entry) > builtAt)) return 'sources changed since the last build'
	if (fs.readFileSync(stamp, 'utf8') !== JSON.stringify(publicConfig(loadConfig(env))))
		return 'site configuration changed since the last build'
	return null
}

export async function build(env: NodeJS.ProcessEnv = process.env) {
	const config = publicConfig(loadConfig(env))
	const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, env, stdio: 'inherit' })
	if (result.status !== 0) throw new Error(`react-router build failed with exit code ${result.status}`)
	await precompressAssets(path.join(buildDir(env), 'client/assets'))
	fs.writeFileSync(stampPath(env), JSON.stringify(config))
}

/** Builds when the build is missing or stale, saying why. */
export async function buildIfStale(env: NodeJS.ProcessEnv = process.env) {
	const reason = staleBuildReason(env)
	if (!reason) return
	console.log(`Building the site (${reason})...`)
	await build(env)
}

if (import.meta.url === `file://${process.argv[1]}`) await build()
