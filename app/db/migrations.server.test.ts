import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { openDatabase, selectRows } from './client.server.ts'
import { capturedLogger } from './log-capture.test-support.ts'
import { defaultMigrationsFolder } from './migrations.server.ts'
import { StartupError } from './startup-error.server.ts'

const repositoryMigrations = path.resolve(import.meta.dirname, '../../drizzle')
const adminUrl = process.env.TEST_DATABASE_URL

type Place = {
	name: string
	create: () => Promise<{ where: { dataDir: string } | { databaseUrl: string }; dispose: () => Promise<void> }>
}

const places: Place[] = [
	{
		name: 'pglite',
		create: async () => {
			const root = tempDir('site-test-migrations-')
			return { where: { dataDir: path.join(root, 'data') }, dispose: async () => fs.rmSync(root, { recursive: true }) }
		},
	},
	...(adminUrl
		? [
				{
					name: 'postgres',
					create: async () => {
						const { databaseUrl, drop } = await createPostgresDatabase(adminUrl)
						return { where: { databaseUrl }, dispose: drop }
					},
				},
			]
		: []),
]

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] }

/** Appends a migration to a copy of the folder as drizzle-kit would; returns a function that takes it out again. */
function addMigration(folder: string, name: string, statements: string[]) {
	const journalFile = path.join(folder, 'meta', '_journal.json')
	const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal
	const last = journal.entries.at(-1) as Journal['entries'][number]
	const tag = `${String(last.idx + 1).padStart(4, '0')}_${name}`
	fs.writeFileSync(path.join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'))
	journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag })
	fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2))
	return {
		tag,
		remove: () => {
			journal.entries = journal.entries.filter((entry) => entry.tag !== tag)
			fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2))
			fs.rmSync(path.join(folder, `${tag}.sql`))
		},
	}
}

/** A copy of the repository's migrations folder for one test, removed when it finishes. */
function copyOfMigrations() {
	const folder = path.join(tempDir('site-test-drizzle-'), 'drizzle')
	fs.cpSync(repositoryMigrations, folder, { recursive: true })
	onTestFinished(() => fs.rmSync(path.dirname(folder), { recursive: true }))
	return folder
}

const applied = (log: ReturnType<typeof capturedLogger>) =>
	log
		.lines()
		.filter((line) => line.msg === 'migration applied')
		.map((line) => line.migration)

describe('migrations folder', () => {
	it('is the repository drizzle folder when run from the sources', () => {
		expect(defaultMigrationsFolder()).toBe(repositoryMigrations)
	})
})

describe.each(places)('migrations on $name', (place) => {
	it('logs each migration applied by name, names one that fails and leaves the database as it was', async () => {
		const folder = copyOfMigrations()
		const shipped = (JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal).entries
		const { where, dispose } = await place.create()
		onTestFinished(dispose)
		const open = (log = capturedLogger()) => openDatabase({ ...where, migrationsFolder: folder, logger: log.logger })

		const first = capturedLogger()
		await (await open(first)).close()
		expect(applied(first)).toEqual(shipped.map((entry) => entry.tag))

		const good = addMigration(folder, 'good', ['CREATE TABLE "migration_good" ("id" integer);'])
		const broken = addMigration(folder, 'broken', [
			'CREATE TABLE "migration_broken" ("id" integer);',
			'ALTER TABLE "no_such_table" ADD COLUMN "x" text;',
		])
		const error = await open().then(
			() => undefined,
			(reason: unknown) => reason,
		)
		expect(error).toBeInstanceOf(StartupError)
		expect((error as StartupError).kind).toBe('migration-failed')
		expect((error as StartupError).message).toBe(
			`Migration ${broken.tag} failed: relation "no_such_table" does not exist. The database is unchanged by it; fix the cause and start again (the previous release still runs on this database).`,
		)

		broken.remove()
		const fixed = capturedLogger()
		const handle = await open(fixed)
		const tables = await selectRows<{ name: string }>(
			handle.db,
			sql`select table_name as name from information_schema.tables where table_name like 'migration_%' order by 1`,
		)
		await handle.close()
		expect(applied(fixed)).toEqual([good.tag])
		expect(tables.map((table) => table.name)).toEqual(['migration_good'])

		const again = capturedLogger()
		await (await open(again)).close()
		expect(again.lines().map(({ level, msg, migrations }) => ({ level, msg, migrations }))).toEqual([
			{ level: 30, msg: 'no migration pending', migrations: shipped.length + 1 },
		])
	})

	it('carries a database from before roles over: the first operator the owner, the others admins, old drafts undated', async () => {
		const folder = copyOfMigrations()
		const journalFile = path.join(folder, 'meta', '_journal.json')
		const shipped = fs.readFileSync(journalFile, 'utf8')
		const journal = JSON.parse(shipped) as Journal
		// The release before roles (0008): its migrations only.
		fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 8) }))
		const { where, dispose } = await place.create()
		onTestFinished(dispose)
		const open = () => openDatabase({ ...where, migrationsFolder: folder, logger: capturedLogger().logger })

		const before = await open()
		await before.db.execute(sql`INSERT INTO operators (email, display_name, password_hash) VALUES
			('first@example.com', 'First', 'x'), ('second@example.com', 'Second', 'x'), ('third@example.com', 'Third', 'x')`)
		// Drafts as the editor saved them then: dated at their first save, or at a date picked by hand; and a post.
		await before.db.execute(sql`INSERT INTO blog_posts (title, seo_slug, status, published_at, created_at) VALUES
			('Saved once', 'saved-once', 'draft', '2026-03-02T09:00:00.250Z', '2026-03-02T09:00:00.200Z'),
			('Picked a date', 'picked', 'draft', '2026-06-01T08:00:00Z', '2026-03-02T09:00:00Z'),
			('Out already', 'out', 'published', '2026-03-02T09:00:00Z', '2026-03-02T09:00:00Z')`)
		await before.close()

		fs.writeFileSync(journalFile, shipped)
		const after = await open()
		const operators = await selectRows<{ email: string; role: string }>(
			after.db,
			sql`SELECT email, role FROM operators ORDER BY id`,
		)
		const posts = await selectRows<{ slug: string; chosen: boolean }>(
			after.db,
			sql`SELECT seo_slug AS slug, publish_date_chosen AS chosen FROM blog_posts ORDER BY id`,
		)
		await after.close()
		expect(operators).toEqual([
			{ email: 'first@example.com', role: 'owner' },
			{ email: 'second@example.com', role: 'admin' },
			{ email: 'third@example.com', role: 'admin' },
		])
		expect(posts).toEqual([
			{ slug: 'saved-once', chosen: false },
			{ slug: 'picked', chosen: true },
			{ slug: 'out', chosen: true },
		])
	})
})
