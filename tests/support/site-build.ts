import fs from 'node:fs'
import path from 'node:path'
import { build } from '../../scripts/build.ts'
import { testSiteEnv } from './site-env.ts'

/** Builds the production bundle with the test site configuration plus `env` into a fresh folder; returns it and its removal. */
export async function buildTestSite(env: Record<string, string> = {}) {
	// Inside the project so the server bundle resolves node_modules; a folder per build so runs never collide.
	const parent = path.resolve(import.meta.dirname, '../../.e2e-builds')
	fs.mkdirSync(parent, { recursive: true })
	const buildDir = fs.mkdtempSync(path.join(parent, 'build-'))
	await build({ ...process.env, ...testSiteEnv, ...env, BUILD_DIR: buildDir, NODE_ENV: 'production' })
	return { buildDir, remove: () => fs.rmSync(buildDir, { recursive: true, force: true }) }
}
