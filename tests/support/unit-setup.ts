import type { TestProject } from 'vitest/node'
import { createPgliteTemplate, createPostgresTemplate } from './database-template.ts'
import { enterRunTempDir } from './temp-dir.ts'

/** Migrates one PGlite and one PostgreSQL database for the whole run; each test database is a copy. */
export default async function setup(project: TestProject) {
	const removeRunTempDir = enterRunTempDir('site-unit-run-')
	const [pglite, postgres] = await Promise.all([createPgliteTemplate(), createPostgresTemplate()])
	project.provide('pgliteTemplate', pglite.template)
	project.provide('postgresTemplate', postgres.template)
	return async () => {
		pglite.remove()
		await postgres.remove()
		removeRunTempDir()
	}
}
