import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '#app/db/client.server.ts'
import { createPostgresDatabase } from './postgres-database.ts'
import { tempDir } from './temp-dir.ts'

/** A migrated, empty PGlite data folder made once per test run, to copy: a fresh one spends seconds in initdb and the migrations. */
export async function createPgliteTemplate() {
	const template = path.join(tempDir('site-test-template-'), 'data')
	await (await openDatabase({ dataDir: template })).close()
	return { template, remove: () => fs.rmSync(path.dirname(template), { recursive: true, force: true }) }
}

/** With TEST_DATABASE_URL, a migrated PostgreSQL database made once per test run, for others to be created from. */
export async function createPostgresTemplate() {
	const adminUrl = process.env.TEST_DATABASE_URL
	if (!adminUrl) return { template: '', remove: async () => {} }
	const { databaseUrl, drop } = await createPostgresDatabase(adminUrl, 'site_template')
	await (await openDatabase({ databaseUrl })).close()
	return { template: new URL(databaseUrl).pathname.slice(1), remove: drop }
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
