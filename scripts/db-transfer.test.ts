import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase, selectRows } from '../app/db/client.server.ts'
import { refreshRollups } from '../app/features/insights/rollups.server.ts'
import { tempDir } from '../tests/support/temp-dir.ts'

const root = path.resolve(import.meta.dirname, '..')

const transfer = (command: 'export' | 'import', dataDir: string, file: string) =>
	spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-transfer.ts', command, file], {
		cwd: root,
		env: { ...process.env, DATABASE_URL: '', SITE_URL: 'https://www.example.com', DATA_DIR: dataDir },
		encoding: 'utf8',
	})

describe('npm run db:export and db:import', () => {
	it('carry operators, passkeys, leads with where they came from, and the insights rollups, and ids go on after the copied ones', {
		timeout: 120_000,
	}, async () => {
		const from = path.join(tempDir('db-transfer-'), 'from')
		const to = path.join(tempDir('db-transfer-'), 'to')
		const file = path.join(tempDir('db-transfer-'), 'dump.json')
		const source = await openDatabase({ dataDir: from })
		await source.db.execute(sql`INSERT INTO operators (email, display_name, password_hash)
			VALUES ('ada@example.com', 'Ada', 'hash')`)
		await source.db.execute(sql`INSERT INTO passkeys (id, operator_id, public_key, name)
			SELECT 'credential', id, 'key', 'Laptop' FROM operators`)
		await source.db.execute(sql`INSERT INTO contact_messages (name, email, subject, message, utm_campaign)
			VALUES ('Linus', 'linus@example.com', 'Hi', 'Hello', 'launch')`)
		await source.db.execute(sql`INSERT INTO analytics_events (name, path, visitor_hash, created_at)
			VALUES ('page_view', '/', 'a', now() - interval '3 days')`)
		await refreshRollups(source.db)
		await source.close()

		const exported = transfer('export', from, file)
		expect(exported.status, exported.stderr).toBe(0)
		const imported = transfer('import', to, file)
		expect(imported.status, imported.stderr).toBe(0)

		const target = await openDatabase({ dataDir: to })
		try {
			const one = async (statement: ReturnType<typeof sql>) =>
				(await selectRows<Record<string, unknown>>(target.db, statement))[0]
			expect(await one(sql`SELECT id FROM passkeys`)).toEqual({ id: 'credential' })
			expect(await one(sql`SELECT utm_campaign FROM contact_messages`)).toEqual({ utm_campaign: 'launch' })
			expect(await one(sql`SELECT sum(views)::int AS views FROM insights_daily_pages`)).toEqual({ views: 1 })
			expect(Number((await one(sql`SELECT count(*) AS n FROM insights_rolled_up_days`))?.n)).toBeGreaterThan(80)
			const [next] = await selectRows<{ id: string | number }>(
				target.db,
				sql`INSERT INTO contact_messages (name, email, subject, message) VALUES ('B', 'b@example.com', 'S', 'M') RETURNING id`,
			)
			expect(Number(next?.id)).toBe(2)
		} finally {
			await target.close()
		}
	})
})
