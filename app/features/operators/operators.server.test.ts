import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { consoleLimits, signInCopy } from '#app/content/console.ts'
import { selectRows } from '#app/db/client.server.ts'
import { hashPassword, setPasswordHashCost } from '#app/features/auth/passwords.server.ts'
import { endSessions, readSession } from '#app/features/auth/sessions.server.ts'
import { pausedMessage, signInWithPassword } from '#app/features/auth/sign-in.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { TEST_PASSWORD_HASH_COST } from '#tests/support/password-cost.ts'
import {
	acceptInvitation,
	announceSetupLink,
	createFirstOperator,
	disableOperator,
	inviteOperator,
	issuePasswordReset,
	LinkUsedError,
	resetTarget,
	usableToken,
} from './accounts.server.ts'
import { listAudit } from './audit.server.ts'

const PASSWORD = 'violet-harbor-quilt-59'
const visitor = { clientAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' }
const silent = pino({ level: 'silent' })

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

describe.each(databaseDrivers())('operator accounts on $name', (driver) => {
	const database = withTestDatabase(driver)
	let firstSession: string
	let firstId: number

	afterAll(async () => {})

	const auditActions = async () => (await listAudit(database.db, { limit: 500 })).entries.map((e) => e.action)

	it('make a setup link only while no operator exists, usable once, and 404-worthy otherwise', async () => {
		const link = await announceSetupLink(database.db, 'https://www.example.com', silent)
		expect(link).toMatch(/^https:\/\/www\.example\.com\/admin\/setup\?token=[\w-]{43}$/)
		const token = tokenOf(link ?? '')
		// Only the hash is stored.
		const stored = await selectRows<{ token_hash: string }>(database.db, sql`SELECT token_hash FROM operator_tokens`)
		expect(stored.map((row) => row.token_hash)).not.toContain(token)
		expect(await usableToken(database.db, 'setup', 'not-a-token')).toBeNull()
		expect(await usableToken(database.db, 'invitation', token)).toBeNull()

		firstSession = await createFirstOperator(
			database.db,
			token,
			{ displayName: 'Ada Operator', email: 'Ada@Example.com', password: PASSWORD },
			visitor,
		)
		const session = await readSession(database.db, firstSession)
		expect(session?.operator).toMatchObject({ email: 'Ada@Example.com', displayName: 'Ada Operator' })
		firstId = session?.operator.id ?? 0
		await expect(
			createFirstOperator(
				database.db,
				token,
				{ displayName: 'X', email: 'x@example.com', password: PASSWORD },
				visitor,
			),
		).rejects.toBeInstanceOf(LinkUsedError)
		expect(await announceSetupLink(database.db, 'https://www.example.com', silent)).toBeNull()
		expect(await auditActions()).toContain('operator.created')
	})

	it('give one answer to an unknown email and a wrong password, and sign in case-insensitively', async () => {
		expect(await signInWithPassword(database.db, { email: 'nobody@example.com', password: PASSWORD }, visitor)).toEqual(
			{ ok: false, reason: 'wrong' },
		)
		expect(
			await signInWithPassword(database.db, { email: 'ada@example.com', password: 'wrong-password-x' }, visitor),
		).toEqual({ ok: false, reason: 'wrong' })
		const outcome = await signInWithPassword(database.db, { email: ' ADA@example.com ', password: PASSWORD }, visitor)
		expect(outcome.ok).toBe(true)
		const actions = await auditActions()
		expect(actions.filter((a) => a === 'sign_in.failed')).toHaveLength(2)
		expect(actions).toContain('sign_in')
	})

	it('pause an account from one address after 5 failures in 15 minutes, refuse even the right password there, and lift it on success later', async () => {
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
		const other = { ...visitor, clientAddress: '198.51.100.9' }
		for (let attempt = 0; attempt < 5; attempt++) {
			const outcome = await signInWithPassword(
				database.db,
				{ email: 'ada@example.com', password: 'nope-nope-nope' },
				other,
			)
			expect(outcome).toEqual({ ok: false, reason: 'wrong' })
		}
		const locked = await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, other)
		expect(locked).toMatchObject({ ok: false, reason: 'locked', scope: 'pair' })
		if (locked.ok || locked.reason !== 'locked') throw new Error('expected a lock')
		expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60)
		expect(locked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
		const actions = await auditActions()
		expect(actions).toContain('sign_in.locked_out')
		expect(actions).toContain('sign_in.refused')

		// The next lock-out after this one lasts twice as long.
		await database.db.execute(sql`UPDATE sign_in_throttles SET locked_until = now() - interval '1 second'`)
		for (let attempt = 0; attempt < 5; attempt++) {
			await signInWithPassword(database.db, { email: 'ada@example.com', password: 'nope-nope-nope' }, other)
		}
		const again = await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, other)
		if (again.ok || again.reason !== 'locked') throw new Error('expected a second lock')
		expect(again.retryAfterSeconds).toBeGreaterThan(29 * 60)

		await database.db.execute(sql`UPDATE sign_in_throttles SET locked_until = now() - interval '1 second'`)
		expect((await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, other)).ok).toBe(
			true,
		)
	})

	it('check at most 5 passwords of an account even when 20 guesses arrive at once', async () => {
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
		const burst = { ...visitor, clientAddress: '198.51.100.77' }
		const before = (await listAudit(database.db, { action: 'sign_in.failed', limit: 500 })).entries.length
		const outcomes = await Promise.all(
			Array.from({ length: 20 }, () =>
				signInWithPassword(database.db, { email: 'ada@example.com', password: 'guess-guess-guess' }, burst),
			),
		)
		const checked = (await listAudit(database.db, { action: 'sign_in.failed', limit: 500 })).entries.length - before
		expect(checked).toBeLessThanOrEqual(5)
		expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'locked').length).toBeGreaterThanOrEqual(15)
		expect(
			await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, burst),
		).toMatchObject({ ok: false, reason: 'locked', scope: 'pair' })
		// The owner, at her own address, is not paused by the guesser's burst.
		expect((await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, visitor)).ok).toBe(
			true,
		)
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
	})

	it('let the owner in from her address after 50 wrong guesses from 10 other addresses, each guess slowed down past 20', async () => {
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
		// Sent at once, so the slowed-down checks wait side by side.
		const outcomes = await Promise.all(
			Array.from({ length: 50 }, (_, guess) =>
				signInWithPassword(
					database.db,
					{ email: 'ada@example.com', password: `guess-${guess}-xyz` },
					{ ...visitor, clientAddress: `198.18.0.${guess % 10}` },
				),
			),
		)
		// Each attacker address gets its 5 checks; the next would find it paused for this account.
		expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'wrong')).toHaveLength(50)
		const started = performance.now()
		const owner = await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, visitor)
		expect(owner).toMatchObject({ ok: true })
		// Past 20 failures of the account anywhere, every check waits before it answers: guessing is slow, never locked.
		expect(performance.now() - started).toBeGreaterThanOrEqual(consoleLimits.accountSlowdownMs - 50)
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
	})

	it('lock an address after 20 failures across accounts', async () => {
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
		const spray = { ...visitor, clientAddress: '192.0.2.44' }
		for (let attempt = 0; attempt < 20; attempt++) {
			await signInWithPassword(database.db, { email: `guess${attempt}@example.com`, password: 'x-y-z-w-v-u' }, spray)
		}
		const paused = await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, spray)
		expect(paused).toMatchObject({ ok: false, reason: 'locked', scope: 'address' })
		// The message says the address is paused, not "this account".
		if (paused.ok || paused.reason !== 'locked') throw new Error('expected a pause')
		expect(pausedMessage(paused)).toBe(signInCopy.locked(consoleLimits.firstLockoutMinutes, 'address'))
		expect(pausedMessage(paused)).toContain('Sign-in from your network address is paused')
		expect((await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, visitor)).ok).toBe(
			true,
		)
	})

	it('end sessions idle for 12 hours, 7 days after sign-in, or of a disabled operator', async () => {
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
		const idle = await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, visitor)
		const old = await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, visitor)
		if (!idle.ok || !old.ok) throw new Error('sign-in failed')
		expect(await readSession(database.db, idle.sessionId)).not.toBeNull()
		await database.db.execute(
			sql`UPDATE operator_sessions SET last_seen_at = now() - interval '12 hours 1 minute' WHERE id_hash = ${(await readSession(database.db, idle.sessionId))?.sessionKey ?? ''}`,
		)
		expect(await readSession(database.db, idle.sessionId)).toBeNull()
		const oldKey = (await readSession(database.db, old.sessionId))?.sessionKey ?? ''
		await database.db.execute(
			sql`UPDATE operator_sessions SET expires_at = now() - interval '1 second' WHERE id_hash = ${oldKey}`,
		)
		expect(await readSession(database.db, old.sessionId)).toBeNull()
		// A cookie id is never what the table holds.
		const ids = await selectRows<{ id_hash: string }>(database.db, sql`SELECT id_hash FROM operator_sessions`)
		expect(ids.map((row) => row.id_hash)).not.toContain(firstSession)
	})

	it('invite once for 72 hours, never disable oneself or the last active operator, and end a disabled operator’s sessions', async () => {
		const token = await inviteOperator(
			database.db,
			{ email: 'grace@example.com', role: 'admin' },
			firstId,
			visitor.clientAddress,
		)
		const [row] = await selectRows<{ hours: number }>(
			database.db,
			sql`SELECT round(extract(epoch FROM expires_at - now()) / 3600) AS hours FROM operator_tokens WHERE kind = 'invitation'`,
		)
		expect(Number(row?.hours)).toBe(72)
		const graceSession = await acceptInvitation(
			database.db,
			token,
			{ displayName: 'Grace', password: PASSWORD },
			visitor,
		)
		await expect(
			acceptInvitation(database.db, token, { displayName: 'Again', password: PASSWORD }, visitor),
		).rejects.toBeInstanceOf(LinkUsedError)
		const grace = await readSession(database.db, graceSession)
		expect(grace?.operator.email).toBe('grace@example.com')
		const graceId = grace?.operator.id ?? 0

		// Links Grace hands out, and reset links for her, die with her account; a newer reset link replaces an older one.
		const graceInvites = await inviteOperator(
			database.db,
			{ email: 'friend@example.com', role: 'editor' },
			graceId,
			visitor.clientAddress,
		)
		const olderReset = await issuePasswordReset(database.db, graceId, firstId, visitor.clientAddress)
		const newerReset = await issuePasswordReset(database.db, graceId, firstId, visitor.clientAddress)
		expect(await resetTarget(database.db, olderReset?.token ?? '')).toBeNull()
		expect(await resetTarget(database.db, newerReset?.token ?? '')).not.toBeNull()

		expect(await disableOperator(database.db, firstId, firstId, visitor.clientAddress)).toBe('self')
		expect(await disableOperator(database.db, graceId, firstId, visitor.clientAddress)).toBe('disabled')
		expect(await readSession(database.db, graceSession)).toBeNull()
		expect(await usableToken(database.db, 'invitation', graceInvites)).toBeNull()
		expect(await resetTarget(database.db, newerReset?.token ?? '')).toBeNull()
		expect(
			(await signInWithPassword(database.db, { email: 'grace@example.com', password: PASSWORD }, visitor)).ok,
		).toBe(false)
		// Grace, disabled, acts no more (a request of hers already on its way), and Ada is the last active operator anyway.
		expect(await disableOperator(database.db, firstId, graceId, visitor.clientAddress)).toBe('unknown')
		const actions = await auditActions()
		expect(actions).toEqual(expect.arrayContaining(['invitation.created', 'invitation.accepted', 'operator.disabled']))
	})

	it('upgrade a hash made with weaker parameters at the next sign-in', async () => {
		setPasswordHashCost()
		onTestFinished(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST))
		await database.db.execute(sql`DELETE FROM sign_in_throttles`)
		const weak = await hashPassword(PASSWORD, { logN: 14, r: 8, p: 1 })
		await database.db.execute(sql`UPDATE operators SET password_hash = ${weak} WHERE id = ${firstId}`)
		expect((await signInWithPassword(database.db, { email: 'ada@example.com', password: PASSWORD }, visitor)).ok).toBe(
			true,
		)
		const [row] = await selectRows<{ password_hash: string }>(
			database.db,
			sql`SELECT password_hash FROM operators WHERE id = ${firstId}`,
		)
		expect(row?.password_hash).toMatch(/^scrypt\$ln=17,/)
		await endSessions(database.db, firstId)
	})

	it('keep the audit log append-only in the database itself', async () => {
		await expect(database.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow()
		await expect(database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow()
		await expect(database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow()
		const { entries } = await listAudit(database.db, { limit: 5 })
		expect(entries.length).toBe(5)
		// Addresses are kept hashed, never as typed.
		const addresses = await selectRows<{ address_hash: string }>(database.db, sql`SELECT address_hash FROM audit_log`)
		expect(addresses.every((row) => /^[0-9a-f]{32}$/.test(row.address_hash))).toBe(true)
		const filtered = await listAudit(database.db, { action: 'operator.disabled', limit: 10 })
		expect(filtered.entries.map((e) => e.action)).toEqual(['operator.disabled'])
	})
})
