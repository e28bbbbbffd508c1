import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { type DatabaseHandle, openDatabase } from '#app/db/client.server.ts'
import { dataDirFromTemplate } from './database-template.ts'
import { createPostgresDatabase } from './postgres-database.ts'
import { tempDir } from './temp-dir.ts'

export type TestDatabase = DatabaseHandle & {
	/** The connection URL of a throwaway PostgreSQL database, or the embedded data folder. */
	location: { databaseUrl: string } | { dataDir: string }
	/** Closes the handle and deletes the database. */
	dispose: () => Promise<void>
}

export type DatabaseDriver = { name: 'pglite' | 'postgres'; create: () => Promise<TestDatabase> }

/** The migrated templates of this run (unit-setup.ts), when the test runs under Vitest's setup. */
function templates() {
	try {
		return { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') }
	} catch {
		return { pglite: '', postgres: '' }
	}
}

const pglite: DatabaseDriver = {
	name: 'pglite',
	create: async () => {
		const template = templates().pglite
		const dataDir = template ? dataDirFromTemplate(template) : path.join(tempDir('site-test-db-'), 'data')
		const handle = await openDatabase({ dataDir })
		return {
			...handle,
			location: { dataDir },
			dispose: async () => {
				await handle.close()
				fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
			},
		}
	},
}

function postgres(adminUrl: string): DatabaseDriver {
	return {
		name: 'postgres',
		create: async () => {
			const { databaseUrl, drop } = await createPostgresDatabase(
				adminUrl,
				'site_test',
				templates().postgres || undefined,
			)
			const handle = await openDatabase({ databaseUrl })
			return {
				...handle,
				location: { databaseUrl },
				dispose: async () => {
					await handle.close()
					await drop()
				},
			}
		},
	}
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set, so one suite runs on both. */
export function databaseDrivers(): DatabaseDriver[] {
	const adminUrl = process.env.TEST_DATABASE_URL
	return adminUrl ? [pglite, postgres(adminUrl)] : [pglite]
}

/**
 * The database of a `describe` block: created (a copy of the run's migrated template) before its tests, deleted
 * after them. Read it in tests and hooks, not while the block is being declared.
 */
export function withTestDatabase(driver: DatabaseDriver): TestDatabase {
	const database = {} as TestDatabase
	beforeAll(async () => {
		Object.assign(database, await driver.create())
	})
	afterAll(async () => {
		await database.dispose?.()
	})
	return database
}
