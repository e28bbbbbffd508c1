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
import type { Logger } from 'pino'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.server.ts'
import { applyMigrations, defaultMigrationsFolder } from './migrations.server.ts'
import { connectPostgres, describeTarget, type PostgresTarget, postgresTarget } from './postgres-connect.server.ts'
import { checkWritable, type WritableCheck } from './readiness.server.ts'
import * as schema from './schema.ts'
import { dataDirError, probeFolder, reasonOf, StartupError, sqlState } from './startup-error.server.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseHandle = {
	db: Database
	kind: 'pglite' | 'postgres'
	ping: () => Promise<void>
	/** A real write that must reach the disk, for readiness: never throws, answers within a few seconds. */
	checkWritable: () => Promise<WritableCheck>
	close: () => Promise<void>
}

// Any fixed number works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 727_001
const DEFAULT_CONNECT_TIMEOUT_MS = 60_000

export type OpenDatabaseOptions = (
	| { databaseUrl: string; dataDir?: undefined }
	| { databaseUrl?: undefined; dataDir: string }
) & {
	/** Receives the connection retries and the migrations applied. */
	logger?: Logger
	/** How long an unreachable PostgreSQL is retried before start-up gives up (default 60 s). */
	connectTimeoutMs?: number
	migrationsFolder?: string
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in dataDir, and migrates it.
 * Every failure is a StartupError whose message is one line saying what to do.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
	const folder = options.migrationsFolder ?? defaultMigrationsFolder()
	return options.databaseUrl !== undefined
		? openPostgres(options.databaseUrl, folder, options)
		: openPglite(options.dataDir, folder, options)
}

async function openPostgres(databaseUrl: string, folder: string, options: OpenDatabaseOptions) {
	let target: PostgresTarget
	try {
		target = postgresTarget(databaseUrl)
	} catch (error) {
		throw new StartupError('database-refused', `DATABASE_URL is not a usable connection URL: ${reasonOf(error)}.`, {
			cause: error,
		})
	}
	const client = await connectPostgres(databaseUrl, {
		target,
		timeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
		logger: options.logger,
	})
	try {
		await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
		const db = drizzlePg(client, { schema })
		await applyMigrations(db, {
			folder,
			logger: options.logger,
			migrate: () => migratePg(db, { migrationsFolder: folder }),
		})
	} catch (error) {
		throw postgresStartupError(error, target)
	} finally {
		// Ending the session also releases the advisory lock.
		await client.end().catch(() => {})
	}
	const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
	pool.on('error', () => {})
	const db = drizzlePg(pool, { schema })
	return {
		db,
		kind: 'postgres',
		ping: async () => {
			await db.execute(sql`select 1`)
		},
		checkWritable: () => checkWritable(db),
		close: () => pool.end(),
	} satisfies DatabaseHandle
}

function postgresStartupError(error: unknown, target: PostgresTarget) {
	if (sqlState(error) === '25006') {
		return new StartupError(
			'database-read-only',
			`${describeTarget(target)} accepts no writes: ${reasonOf(error)}. Point DATABASE_URL at the primary server or turn off default_transaction_read_only.`,
			{ cause: error },
		)
	}
	if (error instanceof StartupError) return error
	return new StartupError(
		'database-open-failed',
		`${describeTarget(target)} failed during start-up: ${reasonOf(error)}. Check that the server is running and start again.`,
		{ cause: error },
	)
}

async function openPglite(dataDir: string, folder: string, options: OpenDatabaseOptions) {
	let lock: DataDirLock | undefined
	let client: PGlite | undefined
	try {
		fs.mkdirSync(dataDir, { recursive: true })
		lock = acquireDataDirLock(dataDir)
		client = await PGlite.create(path.join(dataDir, 'pglite'))
		const db = drizzlePglite(client, { schema })
		await applyMigrations(db, {
			folder,
			logger: options.logger,
			migrate: () => migratePglite(db, { migrationsFolder: folder }),
		})
		const opened = client
		const heldLock = lock
		let closing: Promise<void> | undefined
		return {
			db,
			kind: 'pglite',
			ping: async () => {
				await opened.query('select 1')
			},
			checkWritable: () => checkWritable(db, dataDir),
			close: () => {
				closing ??= opened.close().finally(() => heldLock.release())
				return closing
			},
		} satisfies DatabaseHandle
	} catch (error) {
		await client?.close().catch(() => {})
		try {
			lock?.release()
		} catch {
			// A folder that just turned read-only keeps the pid file; the next start takes it over as stale.
		}
		throw await pgliteStartupError(error, dataDir)
	}
}

async function pgliteStartupError(error: unknown, dataDir: string): Promise<StartupError> {
	if (error instanceof StartupError && error.kind !== 'migration-failed') return error
	const folderError = dataDirError(error, dataDir)
	if (folderError) return folderError
	if (error instanceof StartupError) return error
	// PGlite only says it "failed to initialize" when its folder refuses writes; a write of our own says why.
	const pgliteDir = path.join(dataDir, 'pglite')
	const probed = fs.existsSync(pgliteDir) ? pgliteDir : dataDir
	const probeError = await probeFolder(probed).then(
		() => undefined,
		(failure: unknown) => dataDirError(failure, probed),
	)
	return (
		probeError ??
		new StartupError(
			'database-open-failed',
			`The embedded database in ${dataDir} could not be opened: ${reasonOf(error)}.`,
			{
				cause: error,
			},
		)
	)
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }` but drizzle's shared type cannot say so. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
	const result = (await db.execute(query)) as unknown as { rows: Row[] }
	return result.rows
}
