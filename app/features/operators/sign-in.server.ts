import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { consoleLimits } from '#app/content/console.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { operators, signInThrottles } from '#app/db/schema.ts'
import { recordAudit } from './audit.server.ts'
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.server.ts'
import { startSession } from './sessions.server.ts'

export type SignInRequest = { clientAddress: string; userAgent: string }

export type SignInOutcome =
	| { ok: true; sessionId: string; operatorId: number }
	| { ok: false; reason: 'wrong' }
	| { ok: false; reason: 'locked'; retryAfterSeconds: number }

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`
export const addressKey = (clientAddress: string) =>
	`address:${crypto.createHash('sha256').update(clientAddress).digest('hex').slice(0, 32)}`

/** The operator with this email, compared trimmed and case-insensitively (as the unique index does). */
export async function findOperatorByEmail(db: Database, email: string) {
	const [operator] = await db
		.select()
		.from(operators)
		.where(sql`lower(${operators.email}) = ${email.trim().toLowerCase()}`)
	return operator ?? null
}

/** Seconds until the later of the two locks ends, or 0 when neither is locked. */
export async function lockedFor(db: Database, keys: string[]) {
	const [row] = await selectRows<{ seconds: number | null }>(
		db,
		sql`SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS seconds FROM sign_in_throttles
			WHERE key IN (${sql.join(
				keys.map((key) => sql`${key}`),
				sql`, `,
			)}) AND locked_until > now()`,
	)
	return Math.max(0, Number(row?.seconds ?? 0))
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

/** Seconds a password check for this account from this address must wait (0: go ahead). */
export function isSignInLocked(db: Database, email: string, clientAddress: string) {
	return lockedFor(db, [accountKey(email), addressKey(clientAddress)])
}

/**
 * A wrong password typed inside the console (to confirm a change) counts like a failed sign-in: it can lock the
 * account and the address, and the lock-out is audited.
 */
export async function recordPasswordFailure(db: Database, email: string, clientAddress: string) {
	const accountLock = await countFailure(db, accountKey(email), consoleLimits.accountFailures)
	const addressLock = await countFailure(db, addressKey(clientAddress), consoleLimits.addressFailures)
	const minutes = Math.max(accountLock ?? 0, addressLock ?? 0)
	if (minutes > 0) {
		await recordAudit(db, {
			action: 'sign_in.locked_out',
			target: email,
			clientAddress,
			detail: { minutes, by: accountLock ? 'account' : 'address' },
		})
	}
	return { locked: minutes > 0, retryAfterSeconds: minutes * 60 }
}

export type PasswordCheck =
	| { ok: true }
	| { ok: false; reason: 'wrong' }
	| { ok: false; reason: 'locked'; retryAfterSeconds: number }

/**
 * The current password, asked again inside the console before a change that must be the operator's own (a new
 * password, a new passkey), so a session used by someone else for a moment cannot be turned into a lasting way in. A
 * wrong one counts like a failed sign-in (account and address) and is audited; while either is locked no password is
 * checked at all.
 */
export async function confirmCurrentPassword(
	db: Database,
	operator: { id: number; email: string },
	password: string,
	clientAddress: string,
	during: 'password change' | 'passkey registration',
): Promise<PasswordCheck> {
	const lockSeconds = await isSignInLocked(db, operator.email, clientAddress)
	if (lockSeconds > 0) {
		await recordAudit(db, {
			action: 'sign_in.refused',
			operatorId: operator.id,
			target: operator.email,
			clientAddress,
			detail: { during },
		})
		return { ok: false, reason: 'locked', retryAfterSeconds: lockSeconds }
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
 * after the same work (a decoy hash is verified when there is no account). Every attempt is counted, per account and
 * per address, before its password is checked, so attempts sent all at once cannot get past the limit together; a
 * locked account or address is refused before any password is checked, and a success takes its attempt back.
 */
export async function signInWithPassword(
	db: Database,
	credentials: { email: string; password: string },
	request: SignInRequest,
): Promise<SignInOutcome> {
	const email = credentials.email.trim()
	const keys = { account: accountKey(email), address: addressKey(request.clientAddress) }
	const lockSeconds = await lockedFor(db, [keys.account, keys.address])
	const refuse = async (retryAfterSeconds: number): Promise<SignInOutcome> => {
		await recordAudit(db, { action: 'sign_in.refused', target: email, clientAddress: request.clientAddress })
		return { ok: false, reason: 'locked', retryAfterSeconds }
	}
	if (lockSeconds > 0) return refuse(lockSeconds)
	const accountAttempts = await countAttempt(db, keys.account)
	const addressAttempts = await countAttempt(db, keys.address)
	if (accountAttempts > consoleLimits.accountFailures || addressAttempts > consoleLimits.addressFailures) {
		// The attempts already under way reach the limit; the one that reached it decides the lock.
		return refuse(consoleLimits.firstLockoutMinutes * 60)
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
		const accountLock = accountAttempts >= consoleLimits.accountFailures ? await lockKey(db, keys.account) : null
		const addressLock = addressAttempts >= consoleLimits.addressFailures ? await lockKey(db, keys.address) : null
		const minutes = Math.max(accountLock ?? 0, addressLock ?? 0)
		if (minutes > 0) {
			await recordAudit(db, {
				action: 'sign_in.locked_out',
				operatorId: operator?.id ?? null,
				target: email,
				clientAddress: request.clientAddress,
				detail: { minutes, by: accountLock ? 'account' : 'address' },
			})
		}
		return { ok: false, reason: 'wrong' }
	}
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

/** Lifts an account's lock (a password reset is the way back in). */
export async function clearAccountLock(db: Database, email: string) {
	await db.delete(signInThrottles).where(eq(signInThrottles.key, accountKey(email)))
}

/** Forgets counters that lock nothing and count nothing any more. */
export async function pruneSignInThrottles(db: Database) {
	await db.execute(
		sql`DELETE FROM sign_in_throttles WHERE (locked_until IS NULL OR locked_until < now() - interval '1 day')
			AND window_start < now() - interval '1 day'`,
	)
}
