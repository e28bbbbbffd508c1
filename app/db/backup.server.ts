import type { Readable, Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { type Database, selectRows } from './client.server.ts'

/**
 * Everything worth keeping, parents before children, each with the columns its rows are listed by; rate-limit
 * counters, sessions, single-use links and sign-in counters expire anyway (operators sign in again on the new
 * database), and posts' share cards are made again. The insights rollups go too: they hold the daily totals of days whose
 * raw events are gone.
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
export const backupTables = Object.keys(tables) as Table[]

const isTable = (name: string): name is Table => Object.hasOwn(tables, name)

/** Rows read per round trip; fewer where one row can be megabytes (posts up to 200,000 characters, images 10 MB). */
const ROWS_PER_FETCH = 1_000
const rowsPerFetch: Partial<Record<Table, number>> = {
	blog_posts: 100,
	post_revisions: 100,
	media: 1,
	media_variants: 20,
}

/** Rows per INSERT on restore, and the JSON text one INSERT may carry, whichever comes first. */
const ROWS_PER_INSERT = 500
const BYTES_PER_INSERT = 16 * 1024 * 1024

export type BackupSummary = { tables: Record<Table, number> }

/** A backup that cannot be restored here: not this site's format, cut short, or a database that holds rows already. */
export class BackupError extends Error {}

/** The columns a table stores; generated ones (blog search and term names) are PostgreSQL's to compute again. */
async function storedColumns(db: Database, table: Table) {
	const rows = await selectRows<{ name: string }>(
		db,
		sql`SELECT attname AS name FROM pg_attribute
			WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
			ORDER BY attnum`,
	)
	return rows.map((row) => row.name)
}

/** Writes and resolves once the stream took the text, so a slow reader holds the backup back instead of memory. */
function send(out: NodeJS.WritableStream | Writable, text: string) {
	return new Promise<void>((resolve, reject) => {
		// A response whose connection dropped may never call back: its closing ends the backup.
		const closed = () => reject(new Error('the backup stream closed before the backup was written'))
		out.once('close', closed)
		out.write(text, (error?: Error | null) => {
			out.off('close', closed)
			if (error) reject(error)
			else resolve()
		})
	})
}

const emptyCounts = () => Object.fromEntries(backupTables.map((table) => [table, 0])) as Record<Table, number>

/**
 * Writes every table as NDJSON: a header line `{"format":2,"createdAt":…}`, a line `{"t":table,"r":row}` per row with
 * values exactly as PostgreSQL holds them, then `{"end":true,"tables":{table: rows}}`, which a backup cut short lacks.
 * One read-only snapshot: a notification never comes without its lead. On the embedded database the transaction holds
 * its one connection, so the site's queries wait until the backup is written.
 */
export async function writeBackup(db: Database, out: NodeJS.WritableStream | Writable): Promise<BackupSummary> {
	const counts = emptyCounts()
	// The caller owns the stream and its errors; each write's callback reports them here too.
	const ignore = () => {}
	out.on('error', ignore)
	try {
		await db.transaction(
			async (tx) => {
				// The first query takes the snapshot; its time is the backup's.
				const [snapshot] = await selectRows<{ ms: number }>(tx, sql`SELECT extract(epoch FROM now()) * 1000 AS ms`)
				const createdAt = new Date(Number(snapshot?.ms)).toISOString()
				await send(out, `${JSON.stringify({ format: 2, createdAt })}\n`)
				for (const table of backupTables) {
					const columns = sql.join(
						(await storedColumns(tx, table)).map((column) => sql.identifier(column)),
						sql`, `,
					)
					const order = sql.join(
						tables[table].map((column) => sql`t.${sql.identifier(column)}`),
						sql`, `,
					)
					// A cursor reads the table once in pages; insights_daily_sources has no key to page by.
					await tx.execute(
						sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r
							FROM (SELECT ${columns} FROM ${sql.identifier(table)}) t ORDER BY ${order}`,
					)
					const fetch = rowsPerFetch[table] ?? ROWS_PER_FETCH
					for (;;) {
						const rows = await selectRows<{ r: string }>(tx, sql.raw(`FETCH ${fetch} FROM backup_rows`))
						if (rows.length > 0) {
							counts[table] += rows.length
							await send(out, rows.map((row) => `{"t":"${table}","r":${row.r}}\n`).join(''))
						}
						if (rows.length < fetch) break
					}
					await tx.execute(sql`CLOSE backup_rows`)
				}
				await send(out, `${JSON.stringify({ end: true, tables: counts })}\n`)
			},
			{ isolationLevel: 'repeatable read', accessMode: 'read only' },
		)
	} finally {
		out.off('error', ignore)
	}
	return { tables: counts }
}

/** The counts of a backup's end line, or null when the line is not one. */
export function backupEnd(line: string): BackupSummary | null {
	try {
		const parsed = JSON.parse(line) as { end?: unknown; tables?: unknown }
		if (parsed.end !== true || typeof parsed.tables !== 'object' || parsed.tables === null) return null
		return { tables: { ...emptyCounts(), ...(parsed.tables as Record<Table, number>) } }
	} catch {
		return null
	}
}

/** The input's lines, read as they are consumed, so a large backup is never held whole. */
async function* lines(input: Readable) {
	let rest = ''
	input.setEncoding('utf8')
	for await (const chunk of input as AsyncIterable<string>) {
		rest += chunk
		let start = 0
		for (let end = rest.indexOf('\n', start); end >= 0; end = rest.indexOf('\n', start)) {
			yield rest.slice(start, end)
			start = end + 1
		}
		rest = rest.slice(start)
	}
	if (rest) yield rest
}

/** Inserts rows table by table in batches, each row given as its JSON text. */
function tableLoader(tx: Database) {
	const counts = emptyCounts()
	let table: Table | undefined
	let columns: string[] = []
	let batch: string[] = []
	let batchBytes = 0

	async function flush() {
		if (!table || batch.length === 0) return
		const target = sql.identifier(table)
		const list = sql.join(
			columns.map((column) => sql.identifier(column)),
			sql`, `,
		)
		await tx.execute(
			sql`INSERT INTO ${target} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${target}, ${`[${batch.join(',')}]`}::json)`,
		)
		counts[table] += batch.length
		batch = []
		batchBytes = 0
	}

	return {
		async add(name: string, row: string) {
			if (!isTable(name)) throw new BackupError(`The backup holds a table this site does not have: ${name}`)
			if (name !== table) {
				await flush()
				table = name
				const stored = new Set(await storedColumns(tx, name))
				// Only the columns the backup has: one made before a migration added columns leaves them to their defaults.
				columns = Object.keys(JSON.parse(row) as Record<string, unknown>).filter((column) => stored.has(column))
			}
			batch.push(row)
			batchBytes += row.length
			if (batch.length >= ROWS_PER_INSERT || batchBytes >= BYTES_PER_INSERT) await flush()
		},
		async finish(): Promise<BackupSummary> {
			await flush()
			for (const name of backupTables) {
				// New rows continue after the copied ids (passkeys' ids are the credentials' own, with no sequence).
				if (counts[name] === 0 || tables[name][0] !== 'id') continue
				const [sequence] = await selectRows<{ name: string | null }>(
					tx,
					sql`SELECT pg_get_serial_sequence(${name}, 'id') AS name`,
				)
				if (sequence?.name)
					await tx.execute(sql`SELECT setval(${sequence.name}, (SELECT max(id) FROM ${sql.identifier(name)}))`)
			}
			return { tables: counts }
		},
	}
}

async function refuseRows(tx: Database) {
	for (const table of backupTables) {
		const [row] = await selectRows<{ taken: boolean }>(
			tx,
			sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)}) AS taken`,
		)
		if (row?.taken) throw new BackupError(`${table} already holds rows: restore into an empty database`)
	}
}

const ROW_LINE = /^\{"t":"([a-z_]+)","r":(.*)\}$/

/**
 * Loads a backup into an empty database in one transaction: NDJSON (format 2) as it is read, or the JSON file of
 * `db:export` before it (format 1), ids and sequences included. Anything wrong rolls the whole restore back.
 */
export async function restoreBackup(db: Database, input: Readable): Promise<BackupSummary> {
	const source = lines(input)
	const first = (await source.next()).value ?? ''
	let header: { format?: unknown } | undefined
	try {
		header = JSON.parse(first) as { format?: unknown }
	} catch {
		// A format 1 file written with line breaks: it is one JSON document, held whole as when it was written.
	}
	return db.transaction(async (tx) => {
		await refuseRows(tx)
		const loader = tableLoader(tx)
		if (header?.format === 2) {
			let end: BackupSummary | null = null
			for await (const line of source) {
				if (end) throw new BackupError('The backup goes on after its end line: it is not one backup')
				const row = ROW_LINE.exec(line)
				if (row) await loader.add(row[1] ?? '', row[2] ?? '')
				else if (line.trim()) {
					end = backupEnd(line)
					if (!end) throw new BackupError('The backup holds a line that is not a row of this site')
				}
			}
			if (!end) throw new BackupError('The backup was cut short (it has no end line)')
			const restored = await loader.finish()
			const short = backupTables.filter((table) => restored.tables[table] !== end?.tables[table])
			if (short.length) throw new BackupError(`The backup's row counts do not match its rows: ${short.join(', ')}`)
			return restored
		}
		let text = first
		if (!header) for await (const line of source) text += `\n${line}`
		const dump = (header ?? parseJson(text)) as { format?: unknown; tables?: Record<string, unknown[]> }
		if (dump.format !== 1 || typeof dump.tables !== 'object') {
			throw new BackupError(`This is not a backup of this site (format ${String(dump.format)})`)
		}
		for (const [table, rows] of Object.entries(dump.tables)) {
			for (const row of rows) await loader.add(table, JSON.stringify(row))
		}
		return loader.finish()
	})
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		throw new BackupError('This is not a backup of this site (neither NDJSON nor JSON)')
	}
}
