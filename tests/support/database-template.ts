import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '#app/db/client.server.ts'
import { createPostgresDatabase } from './postgres-database.ts'
import { tempDir } from './temp-dir.ts'

/**
 * Migrated, empty databases made once per test run: a PGlite data folder to copy (a fresh one spends seconds in
 * initdb and the migrations) and, with TEST_DATABASE_URL, a PostgreSQL database to create others from.
 */
export async function createDatabaseTemplates() {
	const pgliteTemplate = path.join(tempDir('site-test-template-'), 'data')
	const embedded = await openDatabase({ dataDir: pgliteTemplate })
	await embedded.close()
	const adminUrl = process.env.TEST_DATABASE_URL
	const postgres = adminUrl ? await createPostgresDatabase(adminUrl, 'site_template') : undefined
	if (postgres) await (await openDatabase({ databaseUrl: postgres.databaseUrl })).close()
	return {
		pgliteTemplate,
		postgresTemplate: postgres ? new URL(postgres.databaseUrl).pathname.slice(1) : '',
		remove: async () => {
			fs.rmSync(path.dirname(pgliteTemplate), { recursive: true, force: true })
			await postgres?.drop()
		},
	}
}

/** A new data folder holding a copy of the migrated PGlite template. */
export function dataDirFromTemplate(template: string) {
	const dataDir = path.join(tempDir('site-test-db-'), 'data')
	fs.cpSync(template, dataDir, { recursive: true })
	return dataDir
}

declare module 'vitest' {
	export interface ProvidedContext {
		pgliteTemplate: string
		postgresTemplate: string
	}
}
