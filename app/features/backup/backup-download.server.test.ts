import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '#app/db/client.server.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import type { SiteContext } from '#app/load-context.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, submissionContext } from '#tests/support/lead-requests.ts'
import { backupDownloadAction } from './backup-download.server.ts'

const TOKEN = 'csrf-token-of-the-session'

describe.each(databaseDrivers())('the console’s backup download on $name', (driver) => {
	const database = withTestDatabase(driver)
	let context: SiteContext
	beforeAll(async () => {
		const [operator] = await selectRows<{ id: string }>(
			database.db,
			sql`INSERT INTO operators (email, display_name, password_hash) VALUES ('ada@example.com', 'Ada', 'hash') RETURNING id`,
		)
		const session = {
			operator: { id: Number(operator?.id), email: 'ada@example.com', displayName: 'Ada', role: 'owner' as const },
			sessionKey: 'session-key',
			csrfToken: TOKEN,
			recentlyConfirmed: true,
		}
		// With DATABASE_URL the backup streams from PostgreSQL; without, it is written to DATA_DIR first.
		const env: Record<string, string> =
			'databaseUrl' in database.location ? { DATABASE_URL: database.location.databaseUrl } : {}
		context = { ...submissionContext(database, env), operatorSession: session } as SiteContext
	})

	it('answers the confirmed post with the backup as an uncached attachment and records it in the audit log', async () => {
		const answer = await backupDownloadAction(formPost('/admin/backup/download', { [CSRF_FIELD]: TOKEN }), context)
		expect(answer.status).toBe(200)
		expect(answer.headers.get('content-disposition')).toMatch(
			/^attachment; filename="site-backup-\d{4}-\d\d-\d\d\.ndjson"$/,
		)
		expect(answer.headers.get('cache-control')).toBe('no-store')
		const lines = (await answer.text()).trimEnd().split('\n')
		expect(lines[0]).toMatch(/^\{"format":2,/)
		expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ end: true, tables: { operators: 1 } })
		const [entry] = await selectRows<{ action: string; detail: { database: string } }>(
			database.db,
			sql`SELECT action, detail FROM audit_log`,
		)
		expect(entry).toEqual({
			action: 'backup.downloaded',
			detail: { database: driver.name === 'postgres' ? 'postgres' : 'embedded' },
		})
		// Nothing of the backup is left in DATA_DIR once it was sent.
		expect(fs.readdirSync(context.config.DATA_DIR).filter((name) => name.startsWith('backup-'))).toEqual([])
	})

	it('sends a post without the session’s token back to the page, which says why, and makes no backup', async () => {
		const answer = await backupDownloadAction(formPost('/admin/backup/download', { [CSRF_FIELD]: 'guess' }), context)
		expect([answer.status, answer.headers.get('location')]).toEqual([303, '/admin/backup?problem=403'])
		const [count] = await selectRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM audit_log`)
		expect(Number(count?.n)).toBe(1)
	})
})
