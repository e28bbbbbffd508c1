import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { Logger } from 'pino'
import type { Database } from './client.server.ts'
import { errorChain, reasonOf, StartupError } from './startup-error.server.ts'

/** A release bundles this module into its runtime folder beside a copy of the migrations; the sources keep them at the root. */
export function defaultMigrationsFolder() {
	const candidates = [path.join(import.meta.dirname, 'drizzle'), path.resolve(import.meta.dirname, '../../drizzle')]
	return candidates.find((folder) => fs.existsSync(folder)) ?? (candidates[1] as string)
}

type JournalEntry = { tag: string; when: number }

function readJournal(folder: string): JournalEntry[] {
	const file = path.join(folder, 'meta', '_journal.json')
	try {
		return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries
	} catch (error) {
		throw new StartupError(
			'migration-failed',
			`The migrations could not be read from ${file}: ${reasonOf(error)}. Deploy the release again; its drizzle folder is incomplete.`,
			{ cause: error },
		)
	}
}

/** The journal times (`when`) of the migrations applied: drizzle stores them as `created_at`. */
async function appliedMigrations(db: Database): Promise<Set<number>> {
	const table = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as name`)) as unknown as {
		rows: { name: string | null }[]
	}
	if (!table.rows[0]?.name) return new Set()
	const applied = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
		rows: { created_at: string | number | bigint }[]
	}
	return new Set(applied.rows.map((row) => Number(row.created_at)))
}

/** Drizzle applies every pending migration in one transaction; the statement that failed tells which one it was in. */
function migrationError(error: unknown, folder: string, journal: JournalEntry[], applied: Set<number>) {
	const query = errorChain(error)
		.map((item) => (item as { query?: unknown } | null)?.query)
		.find((text) => typeof text === 'string')
	const lastApplied = Math.max(0, ...applied)
	const pending = readMigrationFiles({ migrationsFolder: folder }).flatMap((migration, index) =>
		migration.folderMillis > lastApplied ? [{ tag: journal[index]?.tag ?? `#${index}`, sql: migration.sql }] : [],
	)
	const failed = pending.find((migration) => typeof query === 'string' && migration.sql.includes(query))
	const what = failed
		? `Migration ${failed.tag}`
		: pending.length > 0
			? `Applying migrations ${pending.map((migration) => migration.tag).join(', ')}`
			: 'Preparing the migrations table'
	return new StartupError(
		'migration-failed',
		`${what} failed: ${reasonOf(error)}. The database is unchanged by it; fix the cause and start again (the previous release still runs on this database).`,
		{ cause: error },
	)
}

export type MigrationOptions = { folder: string; logger?: Logger; migrate: () => Promise<void> }

/** Runs drizzle's migrator and logs each migration it applied by name; a failure names the migration. */
export async function applyMigrations(db: Database, { folder, logger, migrate }: MigrationOptions) {
	const journal = readJournal(folder)
	const before = await appliedMigrations(db)
	try {
		await migrate()
	} catch (error) {
		throw migrationError(error, folder, journal, before)
	}
	const after = await appliedMigrations(db)
	const applied = journal.filter((entry) => after.has(entry.when) && !before.has(entry.when))
	for (const entry of applied) logger?.info({ migration: entry.tag }, 'migration applied')
	if (applied.length === 0) logger?.info({ migrations: after.size }, 'no migration pending')
}
