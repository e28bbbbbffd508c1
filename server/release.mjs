// Where a release build lives: shared by the build, the server and the launchers that run without TypeScript.
import fs from 'node:fs'
import path from 'node:path'

/** The operators' commands a release carries compiled, each `scripts/<name>.ts` in the sources. */
export const operatorCommands = [
	'blog-import',
	'db-backup',
	'db-restore',
	'insights-report',
	'leads-export',
	'operator-reset',
]

/**
 * @typedef {object} ReleaseInfo
 * @property {string} id
 * @property {string} builtAt
 * @property {Record<string, unknown>} publicConfig the configuration baked into its pages
 * @property {string[]} ownAssets the hashed assets this release built (not those carried from the previous one)
 */

/** @param {string} buildRoot */
export function releasePaths(buildRoot) {
	return { current: path.join(buildRoot, 'current'), releases: path.join(buildRoot, 'releases') }
}

/**
 * The folder of the current release, resolved once: a later build switches `current` without moving this process.
 * @param {string} buildRoot
 * @returns {string | undefined}
 */
export function currentRelease(buildRoot) {
	const { current } = releasePaths(buildRoot)
	return fs.existsSync(path.join(current, 'release.json')) ? fs.realpathSync(current) : undefined
}

/**
 * What a release folder says of itself, or undefined when it holds no (readable) release.
 * @param {string} releaseDir
 * @returns {ReleaseInfo | undefined}
 */
export function readRelease(releaseDir) {
	try {
		return JSON.parse(fs.readFileSync(path.join(releaseDir, 'release.json'), 'utf8'))
	} catch {
		return undefined
	}
}

/** @param {NodeJS.ProcessEnv} env */
export function buildRootOf(env) {
	return path.resolve(env.BUILD_DIR || 'build')
}

export const noBuildMessage = (/** @type {string} */ buildRoot) =>
	`No build found in ${buildRoot}: run \`npm run build\` first (it needs the development dependencies), then start again.`

/** Whether the development tools are installed (a production install has no tsx). */
export async function hasDevelopmentTools() {
	try {
		await import('tsx/esm/api')
		return true
	} catch {
		return false
	}
}

/** The oldest Node the site runs on: React Router 8's floor, as `engines` in package.json says. */
export const MINIMUM_NODE = [22, 22, 0]

/**
 * One line for a Node too old to run the site, or null when `version` (such as "v20.20.2") is new enough.
 * @param {string} version
 */
export function unsupportedNodeMessage(version) {
	const parts = version.replace(/^v/, '').split('.').map(Number)
	const differs = MINIMUM_NODE.findIndex((part, index) => parts[index] !== part)
	if (differs === -1 || (parts[differs] ?? 0) > (MINIMUM_NODE[differs] ?? 0)) return null
	return `This site needs Node ${MINIMUM_NODE.join('.')} or newer (Node 24 recommended); this is Node ${version.replace(/^v/, '')}. Run it with a newer Node, or through npm start, which uses the project's own Node 24 after npm install.`
}

/** Stops the process with that line when this Node is too old: the launchers call it before anything else. */
export function exitOnUnsupportedNode() {
	const tooOld = unsupportedNodeMessage(process.version)
	if (!tooOld) return
	console.error(tooOld)
	process.exit(1)
}
