import os from 'node:os'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it, onTestFinished } from 'vitest'
import { databaseDrivers } from '#tests/support/databases.ts'
import { createPostgresDatabase } from '#tests/support/postgres-database.ts'
import { openDatabase, selectRows } from './client.server.ts'
import { StartupError } from './startup-error.server.ts'

const adminUrl = process.env.TEST_DATABASE_URL

describe.each(databaseDrivers())('readiness on $name', (driver) => {
	it('writes one row per host and says ok', async () => {
		const database = await driver.create()
		onTestFinished(() => database.dispose())
		expect(await database.checkWritable()).toEqual({ ok: true })
		expect(await database.checkWritable()).toEqual({ ok: true })
		const rows = await selectRows<{ instance: string; recent: boolean }>(
			database.db,
			sql`select instance, checked_at > now() - interval '1 minute' as recent from readiness_checks`,
		)
		expect(rows).toEqual([{ instance: os.hostname(), recent: true }])
	})
})

describe.runIf(adminUrl)('readiness on a read-only PostgreSQL', () => {
	it('says read-only once new sessions may not write, and start-up refuses it in one line', async () => {
		const { databaseUrl, drop } = await createPostgresDatabase(adminUrl as string)
		onTestFinished(drop)
		const handle = await openDatabase({ databaseUrl })
		onTestFinished(() => handle.close())
		const admin = new pg.Client({ connectionString: adminUrl })
		await admin.connect()
		const name = new URL(databaseUrl).pathname.slice(1)
		await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`)
		await admin.end()

		expect(await handle.checkWritable()).toEqual({
			ok: false,
			reason: 'read-only',
			detail: 'cannot execute INSERT in a read-only transaction',
		})
		const error = await openDatabase({ databaseUrl }).then(
			() => undefined,
			(reason: unknown) => reason,
		)
		expect(error).toBeInstanceOf(StartupError)
		const url = new URL(databaseUrl)
		expect((error as StartupError).message).toBe(
			`PostgreSQL at ${url.hostname}:${url.port || 5432} (database ${name}) accepts no writes: cannot execute CREATE SCHEMA in a read-only transaction. Point DATABASE_URL at the primary server or turn off default_transaction_read_only.`,
		)
	})
})
