import { createPgliteTemplate } from './database-template.ts'
import { buildTestSite } from './site-build.ts'

/**
 * Builds the production bundle once for every end-to-end spec, in a folder of its own, and a migrated PGlite to copy.
 * Workers find both through the environment. `E2E_BUILD_DIR` set beforehand reuses that build (for a spec run again
 * while working on it); the run then leaves it in place.
 */
export default async function setup() {
	const reused = process.env.E2E_BUILD_DIR
	const [build, pglite] = await Promise.all([
		reused ? { buildDir: reused, remove: () => {} } : buildTestSite(),
		createPgliteTemplate(),
	])
	process.env.E2E_BUILD_DIR = build.buildDir
	process.env.E2E_PGLITE_TEMPLATE = pglite.template
	return () => {
		build.remove()
		pglite.remove()
	}
}
