import fs from 'node:fs'
import path from 'node:path'
import { build } from '../../scripts/build.ts'
import { testSiteEnv } from './site-env.ts'

/**
 * Builds a release with the test site configuration plus `env` into `into` (a fresh folder when not given); returns
 * the folder and its removal.
 */
export async function buildTestSite(env: Record<string, string> = {}, into?: string) {
	// Inside the project so the server bundle resolves node_modules; a folder per build so runs never collide.
	const parent = path.resolve(import.meta.dirname, '../../.e2e-builds')
	fs.mkdirSync(parent, { recursive: true })
	const buildDir = into ?? fs.mkdtempSync(path.join(parent, 'build-'))
	await build({ ...process.env, ...testSiteEnv, ...env, BUILD_DIR: buildDir, NODE_ENV: 'production' })
	return { buildDir, remove: () => fs.rmSync(buildDir, { recursive: true, force: true }) }
}
