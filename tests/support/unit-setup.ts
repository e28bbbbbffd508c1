import type { TestProject } from 'vitest/node'
import { createDatabaseTemplates } from './database-template.ts'

/** Migrates one PGlite and one PostgreSQL database for the whole run; each test database is a copy. */
export default async function setup(project: TestProject) {
	const { pgliteTemplate, postgresTemplate, remove } = await createDatabaseTemplates()
	project.provide('pgliteTemplate', pgliteTemplate)
	project.provide('postgresTemplate', postgresTemplate)
	return remove
}
