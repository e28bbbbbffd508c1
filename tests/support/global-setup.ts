import { createPgliteTemplate } from './database-template.ts'
import { startHtmlCheckerService } from './html-validator.ts'
import { buildTestSite } from './site-build.ts'
import { enterRunTempDir } from './temp-dir.ts'

/**
 * Builds the production bundle once for every end-to-end spec, in a folder of its own, a migrated PGlite to copy, and
 * starts the Nu HTML Checker's service. Workers find all three through the environment. `E2E_BUILD_DIR` set beforehand
 * reuses that build (for a spec run again while working on it); the run then leaves it in place.
 */
export default async function setup() {
	const reused = process.env.E2E_BUILD_DIR
	const removeRunTempDir = enterRunTempDir('site-e2e-run-')
	const [build, pglite, htmlChecker] = await Promise.all([
		reused ? { buildDir: reused, remove: () => {} } : buildTestSite(),
		createPgliteTemplate(),
		startHtmlCheckerService(),
	])
	process.env.E2E_BUILD_DIR = build.buildDir
	process.env.E2E_PGLITE_TEMPLATE = pglite.template
	return () => {
		htmlChecker.stop()
		build.remove()
		pglite.remove()
		removeRunTempDir()
	}
}
