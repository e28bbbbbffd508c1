import type { TestProject } from 'vitest/node'
import { createPgliteTemplate } from './database-template.ts'
import { buildTestSite } from './site-build.ts'

/** Builds the production bundle once for every end-to-end spec, in a folder of its own, and a migrated PGlite to copy. */
export default async function setup(project: TestProject) {
	// The servers' PostgreSQL databases are the specs' own: only PGlite has a template here.
	const [{ buildDir, remove }, pglite] = await Promise.all([buildTestSite(), createPgliteTemplate()])
	project.provide('buildDir', buildDir)
	project.provide('pgliteTemplate', pglite.template)
	return () => {
		remove()
		pglite.remove()
	}
}

declare module 'vitest' {
	export interface ProvidedContext {
		buildDir: string
	}
}
