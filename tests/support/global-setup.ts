import type { TestProject } from 'vitest/node'
import { createDatabaseTemplates } from './database-template.ts'
import { buildTestSite } from './site-build.ts'

/** Builds the production bundle once for every end-to-end spec, in a folder of its own, and a migrated PGlite to copy. */
export default async function setup(project: TestProject) {
	const [{ buildDir, remove }, templates] = await Promise.all([buildTestSite(), createDatabaseTemplates()])
	project.provide('buildDir', buildDir)
	project.provide('pgliteTemplate', templates.pgliteTemplate)
	project.provide('postgresTemplate', templates.postgresTemplate)
	return async () => {
		remove()
		await templates.remove()
	}
}

declare module 'vitest' {
	export interface ProvidedContext {
		buildDir: string
	}
}
