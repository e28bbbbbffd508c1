// `npm run db:export -- FILE` and `npm run db:import -- FILE`: every table as JSON, from one database into another.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type DatabaseHandle, openDatabase, selectRows } from '../app/db/client.server.ts'
import { DataDirLockedError } from '../app/db/data-dir-lock.server.ts'
import { ConfigError, loadConfig } from '../app/features/site/config.server.ts'

/**
 * Everything worth keeping, parents before children, each with the columns its rows are listed by; rate-limit
 * counters, sessions, single-use links and sign-in counters expire anyway (operators sign in again on the new
 * database). The insights rollups go too: they hold the daily totals of days whose raw events are gone.
 */
const tables = {
	operators: ['id'],
	passkeys: ['id'],
	audit_log: ['id'],
	beta_applications: ['id'],
	community_waitlist: ['id'],
	contact_messages: ['id'],
	blog_posts: ['id'],
	newsletter_subscribers: ['id'],
	lead_notes: ['id'],
	post_revisions: ['id'],
	blog_import_skips: ['id'],
	redirects: ['id'],
	media: ['id'],
	media_variants: ['id'],
	notifications: ['id'],
	analytics_events: ['id'],
	insights_rolled_up_days: ['day'],
	insights_daily_pages: ['day', 'path'],
	insights_daily_sources: ['day'],
} as const satisfies Record<string, readonly string[]>

type Table = keyof typeof tables
const tableNames = Object.keys(tables) as Table[]

type Dump = { format: 1; tables: Record<string, unknown[]> }

async function exportTo(database: DatabaseHandle, file: string) {
	const dump: Dump = { format: 1, tables: {} }
	for (const table of tableNames) {
		const order = sql.join(
			tables[table].map((column) => sql`t.${sql.identifier(column)}`),
			sql`, `,
		)
		// row_to_json keeps text, timestamps and jsonb exactly as PostgreSQL holds them.
		const [row] = await selectRows<{ rows: unknown[] }>(
			database.db,
			sql`SELECT coalesce(json_agg(t ORDER BY ${order}), '[]'::json) AS rows FROM ${sql.identifier(table)} t`,
		)
		dump.tables[table] = row?.rows ?? []
	}
	fs.writeFileSync(file, JSON.stringify(dump))
	for (const table of tableNames) console.log(`${table}: ${dump.tables[table]?.length ?? 0} rows exported`)
}

async function importFrom(database: DatabaseHandle, file: string) {
	const dump = JSON.parse(fs.readFileSync(file, 'utf8')) as Dump
	if (dump.format !== 1) throw new Error(`${file} is not an export of this site (format ${dump.format})`)
	await database.db.transaction(async (tx) => {
		for (const table of tableNames) {
			const [count] = await selectRows<{ n: number | string }>(
				tx,
				sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`,
			)
			if (Number(count?.n) > 0) throw new Error(`${table} already holds rows: import into an empty database`)
		}
		for (const table of tableNames) {
			const rows = dump.tables[table] ?? []
			const target = sql.identifier(table)
			// Generated columns (blog search and term names) are PostgreSQL's to compute, never copied.
			const generated = await selectRows<{ name: string }>(
				tx,
				sql`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${table}::regclass AND attgenerated <> ''`,
			)
			const skipped = new Set(generated.map((column) => column.name))
			// Only the columns the dump has: one made before a migration added columns leaves them to their defaults.
			const columns = sql.join(
				Object.keys((rows[0] as Record<string, unknown> | undefined) ?? {})
					.filter((column) => !skipped.has(column))
					.map((column) => sql.identifier(column)),
				sql`, `,
			)
			if (rows.length) {
				await tx.execute(
					sql`INSERT INTO ${target} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${target}, ${JSON.stringify(rows)}::json)`,
				)
			}
			// New rows continue after the copied ids (passkeys' ids are the credentials' own, with no sequence).
			const [sequence] =
				tables[table][0] === 'id'
					? await selectRows<{ name: string | null }>(tx, sql`SELECT pg_get_serial_sequence(${table}, 'id') AS name`)
					: []
			if (sequence?.name && rows.length)
				await tx.execute(sql`SELECT setval(${sequence.name}, (SELECT max(id) FROM ${target}))`)
			console.log(`${table}: ${rows.length} rows imported`)
		}
	})
}

async function main() {
	const [command, file] = process.argv.slice(2)
	if ((command !== 'export' && command !== 'import') || !file) {
		console.error('Usage: npm run db:export -- FILE | npm run db:import -- FILE')
		return 2
	}
	const config = loadConfig()
	const database = await openDatabase(
		config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.resolve(config.DATA_DIR) },
	)
	try {
		if (command === 'export') await exportTo(database, file)
		else await importFrom(database, file)
	} finally {
		await database.close()
	}
	return 0
}

try {
	process.exitCode = await main()
} catch (error) {
	if (error instanceof DataDirLockedError || error instanceof ConfigError) {
		console.error(error.message)
		process.exitCode = 1
	} else {
		console.error(error instanceof Error ? error.message : error)
		process.exitCode = 1
	}
}
