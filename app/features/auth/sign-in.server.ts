import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { consoleLimits, type SignInPause, signInCopy } from '#app/content/console.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { operators, signInThrottles } from '#app/db/schema.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.server.ts'
import { startSession } from './sessions.server.ts'

export type SignInRequest = { clientAddress: string; userAgent: string }

/** A refusal while a run of failures pauses sign-in: what is paused, and for how long. */
export type SignInPaused = { ok: false; reason: 'locked'; scope: SignInPause; retryAfterSeconds: number }

export type SignInOutcome =
	| { ok: true; sessionId: string; operatorId: number }
	| { ok: false; reason: 'wrong' }
	| SignInPaused

const hashed = (value: string) => crypto.createHash('sha256').update(value).digest('hex').slice(0, 32)
const normalizedEmail = (email: string) => email.trim().toLowerCase()
const accountKey = (email: string) => `account:${normalizedEmail(email)}`
export const addressKey = (clientAddress: string) => `address:${hashed(clientAddress)}`
/** One account tried from one address: what a run of wrong passwords pauses, so a guesser elsewhere pauses only themselves. */
const pairPrefix = (email: string) => `pair:${normalizedEmail(email)}|`
const pairKey = (email: string, clientAddress: string) => `${pairPrefix(email)}${hashed(clientAddress)}`

/** The counters one password check touches. */
function throttleKeys(email: string, clientAddress: string) {
	return { pair: pairKey(email, clientAddress), address: addressKey(clientAddress), account: accountKey(email) }
}

/** The operator with this email, compared trimmed and case-insensitively (as the unique index does). */
export async function findOperatorByEmail(db: Database, email: string) {
	const [operator] = await db
		.select()
		.from(operators)
		.where(sql`lower(${operators.email}) = ${normalizedEmail(email)}`)
	return operator ?? null
}

/** Seconds until the latest lock of these keys ends and which key it is, or 0 when none is locked. */
async function lockedFor(db: Database, keys: string[]) {
	const [row] = await selectRows<{ key: string; seconds: number | null }>(
		db,
		sql`SELECT key, ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM sign_in_throttles
			WHERE key IN (${sql.join(
				keys.map((key) => sql`${key}`),
				sql`, `,
			)}) AND locked_until > now()
			ORDER BY locked_until DESC LIMIT 1`,
	)
	return { seconds: Math.max(0, Number(row?.seconds ?? 0)), key: row?.key ?? null }
}

const failureWindow = sql`make_interval(mins => ${consoleLimits.failureWindowMinutes})`

/** Counts one attempt for a key in its 15-minute window, atomically, and returns the count so far. */
async function countAttempt(db: Database, key: string) {
	const [row] = await selectRows<{ failures: number }>(
		db,
		sql`INSERT INTO sign_in_throttles (key, failures, window_start) VALUES (${key}, 1, now())
			ON CONFLICT (key) DO UPDATE SET
				failures = CASE WHEN sign_in_throttles.window_start <= now() - ${failureWindow} THEN 1 ELSE sign_in_throttles.failures + 1 END,
				window_start = CASE WHEN sign_in_throttles.window_start <= now() - ${failureWindow} THEN now() ELSE sign_in_throttles.window_start END
			RETURNING failures`,
	)
	return Number(row?.failures ?? 0)
}

/** Locks a key for 15 minutes, doubling with each further lock-out (up to a day); returns the minutes. */
async function lockKey(db: Database, key: string) {
	const [row] = await db
		.select({ lockouts: signInThrottles.lockouts })
		.from(signInThrottles)
		.where(eq(signInThrottles.key, key))
	const lockouts = Number(row?.lockouts ?? 0)
	const minutes = Math.min(24 * 60, consoleLimits.firstLockoutMinutes * 2 ** lockouts)
	await db
		.update(signInThrottles)
		.set({
			failures: 0,
			window_start: sql`now()`,
			lockouts: lockouts + 1,
			locked_until: sql`now() + make_interval(mins => ${minutes})`,
		})
		.where(eq(signInThrottles.key, key))
	return minutes
}

/**
 * Counts a failure for a key (passkeys: after the answer was checked); at the key's limit it locks the key.
 * Atomic, so instances on one database count together.
 */
export async function countFailure(db: Database, key: string, limit: number) {
	return (await countAttempt(db, key)) >= limit ? lockKey(db, key) : null
}

/** What a paused person reads: what is paused and for how many minutes. */
export const pausedMessage = (paused: SignInPaused) =>
	signInCopy.locked(Math.ceil(paused.retryAfterSeconds / 60), paused.scope)

/** Whether a password check for this account from this address must wait: the pair or the address is paused. */
export async function signInPause(db: Database, email: string, clientAddress: string): Promise<SignInPaused | null> {
	const keys = throttleKeys(email, clientAddress)
	const lock = await lockedFor(db, [keys.pair, keys.address])
	if (lock.seconds === 0) return null
	return {
		ok: false,
		reason: 'locked',
		scope: lock.key === keys.address ? 'address' : 'pair',
		retryAfterSeconds: lock.seconds,
	}
}

/** Audits a pause that a failure just started. */
async function auditLockOut(
	db: Database,
	facts: { operatorId?: number | null; email: string; clientAddress: string },
	locks: { pair: number | null; address: number | null },
) {
	const minutes = Math.max(locks.pair ?? 0, locks.address ?? 0)
	if (minutes === 0) return
	await recordAudit(db, {
		action: 'sign_in.locked_out',
		operatorId: facts.operatorId ?? null,
		target: facts.email,
		clientAddress: facts.clientAddress,
		detail: { minutes, by: locks.address ? 'address' : 'account from this address' },
	})
}

/**
 * A wrong password typed inside the console (to confirm a change) counts like a failed sign-in: it can pause the
 * account from this address and the address, and the pause is audited.
 */
async function recordPasswordFailure(db: Database, email: string, clientAddress: string) {
	const keys = throttleKeys(email, clientAddress)
	await countAttempt(db, keys.account)
	await auditLockOut(
		db,
		{ email, clientAddress },
		{
			pair: await countFailure(db, keys.pair, consoleLimits.pairFailures),
			address: await countFailure(db, keys.address, consoleLimits.addressFailures),
		},
	)
}

export type PasswordCheck = { ok: true } | { ok: false; reason: 'wrong' } | SignInPaused

/**
 * The current password, asked again inside the console before a change that must be the operator's own (a new
 * password, a new passkey, a change to someone else's account), so a session used by someone else for a moment cannot
 * be turned into a lasting way in. A wrong one counts like a failed sign-in and is audited; while the account from this
 * address, or the address, is paused no password is checked at all.
 */
export async function confirmCurrentPassword(
	db: Database,
	operator: { id: number; email: string },
	password: string,
	clientAddress: string,
	during: 'password change' | 'passkey registration' | 'confirmation',
): Promise<PasswordCheck> {
	const paused = await signInPause(db, operator.email, clientAddress)
	if (paused) {
		await recordAudit(db, {
			action: 'sign_in.refused',
			operatorId: operator.id,
			target: operator.email,
			clientAddress,
			detail: { during },
		})
		return paused
	}
	const [row] = await db
		.select({ passwordHash: operators.password_hash })
		.from(operators)
		.where(eq(operators.id, operator.id))
	const verdict = row ? await verifyPassword(password, row.passwordHash) : null
	if (verdict?.matches) return { ok: true }
	await recordAudit(db, {
		action: 'sign_in.failed',
		operatorId: operator.id,
		target: operator.email,
		clientAddress,
		detail: { reason: 'wrong password', during },
	})
	await recordPasswordFailure(db, operator.email, clientAddress)
	return { ok: false, reason: 'wrong' }
}

/**
 * Signs in with email and password. An unknown email, a wrong password and a disabled account get the same answer
 * after the same work (a decoy hash is verified when there is no account). Every attempt is counted before its
 * password is checked, so attempts sent all at once cannot get past a limit together:
 * - per account and address: 5 failures pause that pair (15 minutes, doubling), so a guesser pauses only themselves;
 * - per address: 20 failures, to any accounts, pause the address;
 * - per account, from anywhere: past 20 failures each further check is slowed down, never refused, so an attacker
 *   elsewhere cannot keep the owner out.
 * A success takes its attempt back.
 */
export async function signInWithPassword(
	db: Database,
	credentials: { email: string; password: string },
	request: SignInRequest,
): Promise<SignInOutcome> {
	const email = credentials.email.trim()
	const keys = throttleKeys(email, request.clientAddress)
	const refuse = async (paused: SignInPaused): Promise<SignInOutcome> => {
		await recordAudit(db, { action: 'sign_in.refused', target: email, clientAddress: request.clientAddress })
		return paused
	}
	const paused = await signInPause(db, email, request.clientAddress)
	if (paused) return refuse(paused)
	// The attempts already under way reach a limit; the one that reached it decides the lock.
	const overLimit = (scope: SignInPause) =>
		refuse({ ok: false, reason: 'locked', scope, retryAfterSeconds: consoleLimits.firstLockoutMinutes * 60 })
	// One counter after the other: an attempt over the pair's limit is not counted for the address, as one sent after
	// the pair's lock would not be, so a burst at one account cannot lock its address whatever the order of the counts.
	const pairAttempts = await countAttempt(db, keys.pair)
	if (pairAttempts > consoleLimits.pairFailures) return overLimit('pair')
	const addressAttempts = await countAttempt(db, keys.address)
	if (addressAttempts > consoleLimits.addressFailures) return overLimit('address')
	const accountAttempts = await countAttempt(db, keys.account)
	// A lock set after this attempt's first look also resets the count it just read: look again before checking.
	const lockedMeanwhile = await signInPause(db, email, request.clientAddress)
	if (lockedMeanwhile) return refuse(lockedMeanwhile)
	if (accountAttempts > consoleLimits.accountSlowdownAfter) {
		await new Promise((resume) => setTimeout(resume, consoleLimits.accountSlowdownMs))
	}
	const operator = await findOperatorByEmail(db, email)
	let verdict = { matches: false, needsRehash: false }
	if (operator) verdict = await verifyPassword(credentials.password, operator.password_hash)
	else await verifyAgainstDecoy(credentials.password)

	if (!operator || !verdict.matches || operator.disabled_at) {
		await recordAudit(db, {
			action: 'sign_in.failed',
			operatorId: operator?.id ?? null,
			target: email,
			clientAddress: request.clientAddress,
			detail: { reason: !operator ? 'unknown email' : verdict.matches ? 'disabled' : 'wrong password' },
		})
		await auditLockOut(
			db,
			{ operatorId: operator?.id, email, clientAddress: request.clientAddress },
			{
				pair: pairAttempts >= consoleLimits.pairFailures ? await lockKey(db, keys.pair) : null,
				address: addressAttempts >= consoleLimits.addressFailures ? await lockKey(db, keys.address) : null,
			},
		)
		return { ok: false, reason: 'wrong' }
	}
	await db.delete(signInThrottles).where(eq(signInThrottles.key, keys.pair))
	await db
		.update(signInThrottles)
		.set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
		.where(eq(signInThrottles.key, keys.address))
	const sessionId = await completeSignIn(db, operator.id, request, 'password')
	if (verdict.needsRehash) {
		await db
			.update(operators)
			.set({ password_hash: await hashPassword(credentials.password) })
			.where(eq(operators.id, operator.id))
	}
	return { ok: true, sessionId, operatorId: operator.id }
}

/** What every successful sign-in does: clears the account's failures, notes the time, audits, starts a session. */
export async function completeSignIn(
	db: Database,
	operatorId: number,
	request: SignInRequest,
	method: 'password' | 'passkey' | 'setup' | 'invitation' | 'reset',
	target?: string,
) {
	const [operator] = await db
		.update(operators)
		.set({ last_sign_in_at: sql`now()` })
		.where(eq(operators.id, operatorId))
		.returning({ email: operators.email })
	if (operator) await db.delete(signInThrottles).where(eq(signInThrottles.key, accountKey(operator.email)))
	await recordAudit(db, {
		action: 'sign_in',
		operatorId,
		target: target ?? operator?.email ?? null,
		clientAddress: request.clientAddress,
		detail: { method },
	})
	return startSession(db, operatorId, request.userAgent)
}

/** Forgets an account's failures and pauses, from every address (a password reset is a way back in). */
export async function clearAccountLock(db: Database, email: string) {
	const prefix = pairPrefix(email)
	await db
		.delete(signInThrottles)
		.where(
			sql`${signInThrottles.key} = ${accountKey(email)} OR left(${signInThrottles.key}, ${prefix.length}) = ${prefix}`,
		)
}

/** Forgets counters that lock nothing and count nothing any more. */
export async function pruneSignInThrottles(db: Database) {
	await db.execute(
		sql`DELETE FROM sign_in_throttles WHERE (locked_until IS NULL OR locked_until < now() - interval '1 day')
			AND window_start < now() - interval '1 day'`,
	)
}
