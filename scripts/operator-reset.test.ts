import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#app/db/client.server.ts'
import { acquireDataDirLock } from '#app/db/data-dir-lock.server.ts'
import { signInWithPassword } from '#app/features/auth/sign-in.server.ts'
import { announceSetupLink, createFirstOperator, resetTarget } from '#app/features/operators/accounts.server.ts'
import { listAudit } from '#app/features/operators/audit.server.ts'
import { databaseDrivers } from '#tests/support/databases.ts'

const root = path.resolve(import.meta.dirname, '..')
const visitor = { clientAddress: '203.0.113.9', userAgent: 'test' }
const PASSWORD = 'violet-harbor-quilt-59'

const run = (args: string[], env: Record<string, string>) =>
	// Node 24 runs the TypeScript source itself: the code is erasable syntax only (tsconfig), so no tsx start.
	spawnSync(process.execPath, ['scripts/operator-reset.ts', ...args], {
		cwd: root,
		env: { ...process.env, DATABASE_URL: '', SITE_URL: 'https://www.example.com', ...env },
		encoding: 'utf8',
	})

describe('npm run operator:reset', () => {
	// Several runs of the command, each a child process starting tsx: slow on a busy machine.
	it('prints a working reset link for a locked-out, disabled operator, and says to stop a running server first', {
		timeout: 120_000,
	}, async () => {
		const database = await databaseDrivers()[0]?.create()
		if (!database || !('dataDir' in database.location)) throw new Error('expected the embedded database')
		const dataDir = database.location.dataDir
		const link = await announceSetupLink(database.db, 'https://www.example.com', pino({ level: 'silent' }))
		const token = new URL(link ?? '').searchParams.get('token') ?? ''
		await createFirstOperator(
			database.db,
			token,
			{ displayName: 'Ada', email: 'ada@example.com', password: PASSWORD },
			visitor,
		)
		for (let attempt = 0; attempt < 5; attempt++) {
			await signInWithPassword(database.db, { email: 'ada@example.com', password: 'forgotten-it-all' }, visitor)
		}
		await database.db.execute(sql`UPDATE operators SET disabled_at = now()`)
		await database.close()

		expect(run([], { DATA_DIR: dataDir }).status).toBe(2)
		expect(run(['nobody@example.com'], { DATA_DIR: dataDir }).stderr).toContain('No operator has the email')
		const lock = acquireDataDirLock(dataDir)
		try {
			const busy = run(['ada@example.com'], { DATA_DIR: dataDir })
			expect(busy.status).toBe(1)
			expect(busy.stderr).toContain('stop the server first')
		} finally {
			lock.release()
		}

		const reset = run(['ADA@example.com'], { DATA_DIR: dataDir })
		expect(reset.status).toBe(0)
		const printed = /https:\/\/www\.example\.com\/admin\/reset-password\?token=([\w-]+)/.exec(reset.stdout)
		expect(printed).not.toBeNull()

		const reopened = await openDatabase({ dataDir })
		try {
			expect((await resetTarget(reopened.db, printed?.[1] ?? ''))?.operator.email).toBe('ada@example.com')
			// Enabled again and no longer paused: the right password works even before the reset.
			expect(
				(await signInWithPassword(reopened.db, { email: 'ada@example.com', password: PASSWORD }, visitor)).ok,
			).toBe(true)
			const actions = (await listAudit(reopened.db, { limit: 50 })).entries.map((entry) => entry.action)
			expect(actions).toEqual(expect.arrayContaining(['password_reset.issued', 'operator.enabled']))
		} finally {
			await reopened.close()
			await database.dispose()
		}
	})
})
