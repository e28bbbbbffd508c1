import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import esbuild, { type Plugin } from 'esbuild'
import { loadConfig, publicConfig } from '#app/features/site/config.server.ts'
import { compressPrerendered } from '../server/prerendered.ts'
import { operatorCommands, type ReleaseInfo, readRelease, releasePaths } from '../server/release.mjs'
import { isBundledPackage } from './lib/bundled-packages.ts'
import { defaultPrecompressCacheDir, precompressAssets } from './precompress.ts'
import { rasterizeShareImages, renderPageShareCards } from './share-images.ts'

const root = path.resolve(import.meta.dirname, '..')
const sourceEntries = ['app', 'server', 'scripts', 'drizzle', 'public', 'react-router.config.ts', 'vite.config.ts']
/** Releases kept besides the current one: a server still running one of them keeps its files and its pages' assets. */
const KEPT_PREVIOUS_RELEASES = 2

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
	const { current } = releasePaths(path.resolve(root, env.BUILD_DIR || 'build'))
	const release = readRelease(current)
	if (!release) return 'no build yet'
	const builtAt = Date.parse(release.builtAt)
	if (sourceEntries.some((entry) => newestSourceTime(entry) > builtAt)) return 'sources changed since the last build'
	if (JSON.stringify(release.publicConfig) !== JSON.stringify(publicConfig(loadConfig(env))))
		return 'site configuration changed since the last build'
	return null
}

/** Vite's `?raw` imports, which the server code shares with the app: the file's text as the default export. */
const rawText: Plugin = {
	name: 'raw-text',
	setup(build) {
		build.onResolve({ filter: /\?raw$/ }, async (args) => {
			// The file itself, resolved as any import is (the `#app/*` alias included), then read as text.
			const file = await build.resolve(args.path.slice(0, -'?raw'.length), {
				kind: args.kind,
				resolveDir: args.resolveDir,
			})
			return { path: file.path, namespace: 'raw-text' }
		})
		build.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({
			contents: fs.readFileSync(args.path, 'utf8'),
			loader: 'text',
		}))
	},
}

/** Every package import left to node_modules at run time, but for the bundled packages. */
const externalPackages: Plugin = {
	name: 'external-packages',
	setup(build) {
		build.onResolve({ filter: /^[^./#]/ }, (args) =>
			args.kind === 'entry-point' || isBundledPackage(args.path) ? undefined : { path: args.path, external: true },
		)
	},
}

/** The Express server and the operators' commands as plain JavaScript, so production runs them with `node` alone. */
async function compileServer(runtimeDir: string) {
	await esbuild.build({
		absWorkingDir: root,
		entryPoints: {
			server: 'server/index.ts',
			...Object.fromEntries(operatorCommands.map((name) => [name, `scripts/${name}.ts`])),
		},
		outdir: runtimeDir,
		bundle: true,
		splitting: true,
		format: 'esm',
		platform: 'node',
		target: 'node22',
		// Dependencies load from node_modules at run time: `npm ci --omit=dev` installs exactly what they need.
		plugins: [externalPackages, rawText],
		sourcemap: 'linked',
		logLevel: 'warning',
	})
	fs.cpSync(path.join(root, 'drizzle'), path.join(runtimeDir, 'drizzle'), { recursive: true })
}

/** Copies the previous release's own assets into the new one, so pages it served keep loading during an upgrade. */
function carryPreviousAssets(previous: string | undefined, assetsDir: string) {
	const release = previous ? readRelease(previous) : undefined
	if (!previous || !release) return
	for (const name of release.ownAssets) {
		const source = path.join(previous, 'client/assets', name)
		const target = path.join(assetsDir, name)
		if (fs.existsSync(source) && !fs.existsSync(target)) fs.copyFileSync(source, target)
	}
}

function pruneReleases(releasesDir: string, keep: Set<string>) {
	const others = fs
		.readdirSync(releasesDir)
		.filter((name) => !keep.has(name))
		.sort()
		.reverse()
	for (const name of others.slice(KEPT_PREVIOUS_RELEASES)) {
		fs.rmSync(path.join(releasesDir, name), { recursive: true, force: true })
	}
}

function releaseId() {
	const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')
	return `${stamp}-${crypto.randomBytes(3).toString('hex')}`
}

/**
 * Builds a release into a new folder of `BUILD_DIR/releases` (client assets, prerendered pages, the compiled server
 * and commands, the migrations), then points `BUILD_DIR/current` at it in one rename: a running server is never
 * rebuilt under, and keeps the release it started with.
 */
export async function build(env: NodeJS.ProcessEnv = process.env) {
	const config = publicConfig(loadConfig(env))
	const paths = releasePaths(path.resolve(root, env.BUILD_DIR || 'build'))
	const id = releaseId()
	const releaseDir = path.join(paths.releases, id)
	fs.mkdirSync(paths.releases, { recursive: true })
	const previous = fs.existsSync(paths.current) ? fs.realpathSync(paths.current) : undefined
	const result = spawnSync('npx', ['react-router', 'build'], {
		cwd: root,
		env: { ...env, BUILD_DIR: releaseDir },
		stdio: 'inherit',
	})
	if (result.status !== 0) {
		fs.rmSync(releaseDir, { recursive: true, force: true })
		throw new Error(`react-router build failed with exit code ${result.status}`)
	}
	const assetsDir = path.join(releaseDir, 'client/assets')
	const ownAssets = fs.readdirSync(assetsDir)
	await precompressAssets(assetsDir, env.PRECOMPRESS_CACHE_DIR || defaultPrecompressCacheDir)
	await rasterizeShareImages(path.join(releaseDir, 'client'))
	await renderPageShareCards(path.join(releaseDir, 'client'), config)
	await compressPrerendered(path.join(releaseDir, 'client'))
	await compileServer(path.join(releaseDir, 'runtime'))
	carryPreviousAssets(previous, assetsDir)
	const info: ReleaseInfo = { id, builtAt: new Date().toISOString(), publicConfig: config, ownAssets }
	fs.writeFileSync(path.join(releaseDir, 'release.json'), `${JSON.stringify(info, null, '\t')}\n`)
	const link = `${paths.current}.${id}`
	fs.symlinkSync(path.relative(path.dirname(paths.current), releaseDir), link)
	fs.renameSync(link, paths.current)
	pruneReleases(paths.releases, new Set([id, ...(previous ? [path.basename(previous)] : [])]))
	console.log(`Release ${id} built: ${path.relative(process.cwd(), releaseDir) || releaseDir}`)
	return { releaseDir, id }
}

/** Builds when the build is missing or stale, saying why. */
export async function buildIfStale(env: NodeJS.ProcessEnv = process.env) {
	const reason = staleBuildReason(env)
	if (!reason) return
	console.log(`Building the site (${reason})...`)
	await build(env)
}

if (import.meta.url === `file://${process.argv[1]}`) {
	if (process.argv.includes('--if-stale')) await buildIfStale()
	else await build()
}
