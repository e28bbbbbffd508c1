import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.server.ts'
import * as schema from './schema.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseHandle = {
	db: Database
	kind: 'pglite' | 'postgres'
	ping: () => Promise<void>
	close: () => Promise<void>
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle')
// Any fixed number works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 727_001

export type OpenDatabaseOptions =
	| { databaseUrl: string; dataDir?: undefined }
	| { databaseUrl?: undefined; dataDir: string }

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in dataDir, and migrates it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
	return options.databaseUrl !== undefined ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
	const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
	pool.on('error', () => {})
	const db = drizzlePg(pool, { schema })
	const client = await pool.connect()
	try {
		await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
		await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
	} finally {
		await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
		client.release()
	}
	return {
		db,
		kind: 'postgres',
		ping: async () => {
			await db.execute(sql`select 1`)
		},
		close: () => pool.end(),
	}
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
	fs.mkdirSync(dataDir, { recursive: true })
	const lock: DataDirLock = acquireDataDirLock(dataDir)
	let client: PGlite | undefined
	try {
		client = await PGlite.create(path.join(dataDir, 'pglite'))
		const db = drizzlePglite(client, { schema })
		await migratePglite(db, { migrationsFolder })
		const opened = client
		let closing: Promise<void> | undefined
		return {
			db,
			kind: 'pglite',
			ping: async () => {
				await opened.query('select 1')
			},
			close: () => {
				closing ??= opened.close().finally(() => lock.release())
				return closing
			},
		}
	} catch (error) {
		await client?.close().catch(() => {})
		lock.release()
		throw error
	}
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }` but drizzle's shared type cannot say so. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
	const result = (await db.execute(query)) as unknown as { rows: Row[] }
	return result.rows
}
