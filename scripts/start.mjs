// `npm start`: the current release with plain node. Outside production it first builds when the sources or the
// site's configuration changed, so a fresh clone serves with `npm install && npm start`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
	buildRootOf,
	currentRelease,
	exitOnUnsupportedNode,
	hasDevelopmentTools,
	noBuildMessage,
} from '../server/release.mjs'

exitOnUnsupportedNode()
const buildRoot = buildRootOf(process.env)
if (process.env.NODE_ENV !== 'production' && (await hasDevelopmentTools())) {
	const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale'], {
		cwd: path.resolve(import.meta.dirname, '..'),
		stdio: 'inherit',
		env: { ...process.env, NODE_ENV: 'production' },
	})
	if (build.status !== 0) process.exit(build.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
const release = currentRelease(buildRoot)
if (!release) {
	console.error(noBuildMessage(buildRoot))
	process.exit(1)
}
await import(pathToFileURL(path.join(release, 'runtime/server.js')).href)
