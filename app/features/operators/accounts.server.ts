import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { consoleLimits } from '#app/content/console.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { operatorSessions, operators, operatorTokens, passkeys } from '#app/db/schema.ts'
import { hashPassword } from '#app/features/auth/passwords.server.ts'
import { newSecret, secretHash } from '#app/features/auth/secrets.server.ts'
import {
	clearAccountLock,
	completeSignIn,
	findOperatorByEmail,
	type SignInRequest,
} from '#app/features/auth/sign-in.server.ts'
import { recordAudit } from './audit.server.ts'
import { invitedRole, type OperatorRole } from './roles.ts'

type TokenKind = 'setup' | 'invitation' | 'reset'

const linkPaths: Record<TokenKind, string> = {
	setup: '/admin/setup',
	invitation: '/admin/invitation',
	reset: '/admin/reset-password',
}

export function tokenLink(siteUrl: string, kind: TokenKind, token: string) {
	return `${siteUrl.replace(/\/+$/, '')}${linkPaths[kind]}?token=${encodeURIComponent(token)}`
}

// One transaction at a time creates or disables operators, so "no operator yet" and "the last active one" hold.
const ACCOUNTS_LOCK_ID = 727_002

async function issueToken(
	db: Database,
	kind: TokenKind,
	hours: number,
	fields: { email?: string; operatorId?: number; createdBy?: number; role?: OperatorRole } = {},
) {
	const token = newSecret()
	await db.insert(operatorTokens).values({
		kind,
		token_hash: secretHash(token),
		email: fields.email ?? null,
		operator_id: fields.operatorId ?? null,
		created_by: fields.createdBy ?? null,
		role: fields.role ?? null,
		expires_at: sql`now() + make_interval(hours => ${hours})`,
	})
	return token
}

/** A link's row while it can still be used: right kind, not used, not expired. */
export async function usableToken(db: Database, kind: TokenKind, token: string | null) {
	if (!token || token.length > 200) return null
	const [row] = await db
		.select()
		.from(operatorTokens)
		.where(
			and(
				eq(operatorTokens.token_hash, secretHash(token)),
				eq(operatorTokens.kind, kind),
				isNull(operatorTokens.used_at),
				gt(operatorTokens.expires_at, sql`now()`),
			),
		)
	return row ?? null
}

export async function operatorCount(db: Database) {
	const [row] = await db.select({ n: count() }).from(operators)
	return Number(row?.n ?? 0)
}

/**
 * At start, while no operator exists: a new single-use setup link, valid 24 hours, logged for whoever runs the
 * server. Earlier links stay valid until they expire or the first operator is created, so several instances
 * starting together do not cancel each other's links.
 */
export async function announceSetupLink(db: Database, siteUrl: string, logger: Logger) {
	if ((await operatorCount(db)) > 0) return null
	const link = tokenLink(siteUrl, 'setup', await issueToken(db, 'setup', consoleLimits.setupLinkHours))
	logger.warn(
		{ setupUrl: link },
		`No operator exists yet. Open this link to create the first one (single use, valid ${consoleLimits.setupLinkHours} hours): ${link}`,
	)
	return link
}

export type NewOperator = { displayName: string; email: string; password: string }

export class EmailTakenError extends Error {}
export class LinkUsedError extends Error {}

async function insertOperator(tx: Database, account: NewOperator, role: OperatorRole) {
	if (await findOperatorByEmail(tx, account.email)) throw new EmailTakenError()
	const [created] = await tx
		.insert(operators)
		.values({
			email: account.email.trim(),
			display_name: account.displayName.trim(),
			password_hash: await hashPassword(account.password),
			role,
		})
		.returning({ id: operators.id })
	if (!created) throw new Error('operator not created')
	return created.id
}

/** Marks a link used, or throws when another request used it first. */
async function useToken(tx: Database, id: number) {
	const used = await tx
		.update(operatorTokens)
		.set({ used_at: sql`now()` })
		.where(and(eq(operatorTokens.id, id), isNull(operatorTokens.used_at), gt(operatorTokens.expires_at, sql`now()`)))
		.returning({ id: operatorTokens.id })
	if (used.length === 0) throw new LinkUsedError()
}

/** Makes links stop working: those an operator created (when disabled), or the reset links of an account. */
export async function cancelLinks(db: Database, which: { createdBy: number } | { resetFor: number }) {
	await db
		.update(operatorTokens)
		.set({ used_at: sql`now()` })
		.where(
			and(
				isNull(operatorTokens.used_at),
				'createdBy' in which
					? eq(operatorTokens.created_by, which.createdBy)
					: and(eq(operatorTokens.kind, 'reset'), eq(operatorTokens.operator_id, which.resetFor)),
			),
		)
}

/** The setup link's form: creates the first operator (only while there is none) and signs them in. */
export async function createFirstOperator(db: Database, token: string, account: NewOperator, request: SignInRequest) {
	const operatorId = await db.transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK_ID})`)
		const row = await usableToken(tx, 'setup', token)
		if (!row || (await operatorCount(tx)) > 0) throw new LinkUsedError()
		await useToken(tx, row.id)
		// The first operator owns the site's console.
		const id = await insertOperator(tx, account, 'owner')
		await tx.delete(operatorTokens).where(and(eq(operatorTokens.kind, 'setup'), isNull(operatorTokens.used_at)))
		await recordAudit(tx, {
			action: 'operator.created',
			operatorId: id,
			target: account.email.trim(),
			clientAddress: request.clientAddress,
		})
		return id
	})
	return completeSignIn(db, operatorId, request, 'setup')
}

/** An invitation for an email that is not an operator yet; the caller shows the link once and may email it. */
export async function inviteOperator(
	db: Database,
	invitation: { email: string; role: OperatorRole },
	invitedBy: number,
	clientAddress: string,
) {
	const email = invitation.email.trim()
	if (await findOperatorByEmail(db, email)) throw new EmailTakenError()
	const token = await issueToken(db, 'invitation', consoleLimits.invitationHours, {
		email,
		createdBy: invitedBy,
		role: invitation.role,
	})
	await recordAudit(db, {
		action: 'invitation.created',
		operatorId: invitedBy,
		target: email,
		clientAddress,
		detail: { role: invitation.role },
	})
	return token
}

/** Invitations not used, revoked or expired yet. */
export async function pendingInvitations(db: Database) {
	return db
		.select({
			id: operatorTokens.id,
			email: operatorTokens.email,
			role: operatorTokens.role,
			expiresAt: operatorTokens.expires_at,
		})
		.from(operatorTokens)
		.where(
			and(
				eq(operatorTokens.kind, 'invitation'),
				isNull(operatorTokens.used_at),
				gt(operatorTokens.expires_at, sql`now()`),
			),
		)
		.orderBy(desc(operatorTokens.created_at))
}

/** Revoking marks the invitation used, so its link stops working. */
export async function revokeInvitation(db: Database, invitationId: number, by: number, clientAddress: string) {
	const [revoked] = await db
		.update(operatorTokens)
		.set({ used_at: sql`now()` })
		.where(
			and(eq(operatorTokens.id, invitationId), eq(operatorTokens.kind, 'invitation'), isNull(operatorTokens.used_at)),
		)
		.returning({ email: operatorTokens.email })
	if (revoked)
		await recordAudit(db, { action: 'invitation.revoked', operatorId: by, target: revoked.email, clientAddress })
	return Boolean(revoked)
}

/** The invitation's form: creates the invited operator and signs them in. */
export async function acceptInvitation(
	db: Database,
	token: string,
	account: Omit<NewOperator, 'email'>,
	request: SignInRequest,
) {
	const { operatorId, email } = await db.transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK_ID})`)
		const row = await usableToken(tx, 'invitation', token)
		if (!row?.email) throw new LinkUsedError()
		await useToken(tx, row.id)
		const role = invitedRole(row.role)
		const id = await insertOperator(tx, { ...account, email: row.email }, role)
		await recordAudit(tx, {
			action: 'invitation.accepted',
			operatorId: id,
			target: row.email,
			clientAddress: request.clientAddress,
			detail: { role },
		})
		return { operatorId: id, email: row.email }
	})
	return completeSignIn(db, operatorId, request, 'invitation', email)
}

/** A password-reset link for an operator, by another operator or by the recovery command (by = null). */
export async function issuePasswordReset(db: Database, operatorId: number, by: number | null, clientAddress: string) {
	const [operator] = await db.select().from(operators).where(eq(operators.id, operatorId))
	if (!operator) return null
	// The newest link replaces any earlier one.
	await cancelLinks(db, { resetFor: operatorId })
	const token = await issueToken(db, 'reset', consoleLimits.resetLinkHours, { operatorId, createdBy: by ?? undefined })
	await recordAudit(db, {
		action: 'password_reset.issued',
		operatorId: by,
		target: operator.email,
		clientAddress,
		detail: by === null ? { by: 'recovery command' } : undefined,
	})
	return { token, email: operator.email }
}

/** The operator a usable reset link is for. */
export async function resetTarget(db: Database, token: string | null) {
	const row = await usableToken(db, 'reset', token)
	if (!row?.operator_id) return null
	const [operator] = await db.select().from(operators).where(eq(operators.id, row.operator_id))
	return operator ? { tokenId: row.id, operator } : null
}

/** Sets the new password, ends every session of the account, removes its passkeys, lifts its lock and signs in here. */
export async function completePasswordReset(db: Database, token: string, password: string, request: SignInRequest) {
	const { operatorId, email } = await db.transaction(async (tx) => {
		const target = await resetTarget(tx, token)
		if (!target) throw new LinkUsedError()
		await useToken(tx, target.tokenId)
		await cancelLinks(tx, { resetFor: target.operator.id })
		await tx
			.update(operators)
			.set({ password_hash: await hashPassword(password) })
			.where(eq(operators.id, target.operator.id))
		await tx.delete(operatorSessions).where(eq(operatorSessions.operator_id, target.operator.id))
		// Recovery locks out whoever else had access: their passkeys go with the old password.
		const removedPasskeys = await tx
			.delete(passkeys)
			.where(eq(passkeys.operator_id, target.operator.id))
			.returning({ id: passkeys.id })
		if (removedPasskeys.length > 0) {
			await recordAudit(tx, {
				action: 'passkey.removed',
				operatorId: target.operator.id,
				target: 'all passkeys',
				clientAddress: request.clientAddress,
				detail: { by: 'password reset' },
			})
		}
		await recordAudit(tx, {
			action: 'password_reset.completed',
			operatorId: target.operator.id,
			target: target.operator.email,
			clientAddress: request.clientAddress,
		})
		return { operatorId: target.operator.id, email: target.operator.email }
	})
	await clearAccountLock(db, email)
	return completeSignIn(db, operatorId, request, 'reset')
}

export async function listOperators(db: Database) {
	return db
		.select({
			id: operators.id,
			email: operators.email,
			displayName: operators.display_name,
			createdAt: operators.created_at,
			lastSignInAt: operators.last_sign_in_at,
			disabledAt: operators.disabled_at,
			role: operators.role,
			ownershipOfferedAt: operators.ownership_offered_at,
		})
		.from(operators)
		.orderBy(asc(operators.created_at), asc(operators.id))
}

export type DisableOutcome = 'disabled' | 'self' | 'last-active' | 'unknown'

/** Disables another operator and ends their sessions at once; never oneself, never the last active operator. */
export async function disableOperator(
	db: Database,
	operatorId: number,
	by: number,
	clientAddress: string,
): Promise<DisableOutcome> {
	if (operatorId === by) return 'self'
	return db.transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK_ID})`)
		const [target] = await tx.select().from(operators).where(eq(operators.id, operatorId))
		// An operator disabled while their request was on its way acts no more.
		const [actor] = await tx.select().from(operators).where(eq(operators.id, by))
		if (!target || !actor || actor.disabled_at) return 'unknown'
		const [active] = await tx.select({ n: count() }).from(operators).where(isNull(operators.disabled_at))
		if (!target.disabled_at && Number(active?.n ?? 0) <= 1) return 'last-active'
		await tx
			.update(operators)
			.set({ disabled_at: sql`coalesce(disabled_at, now())` })
			.where(eq(operators.id, operatorId))
		await tx.delete(operatorSessions).where(eq(operatorSessions.operator_id, operatorId))
		// Links they handed out, and reset links for their account, stop working with them.
		await cancelLinks(tx, { createdBy: operatorId })
		await cancelLinks(tx, { resetFor: operatorId })
		await recordAudit(tx, { action: 'operator.disabled', operatorId: by, target: target.email, clientAddress })
		return 'disabled'
	})
}

export async function enableOperator(db: Database, operatorId: number, by: number | null, clientAddress: string) {
	const [enabled] = await db
		.update(operators)
		.set({ disabled_at: null })
		.where(eq(operators.id, operatorId))
		.returning({ email: operators.email })
	if (enabled) {
		await clearAccountLock(db, enabled.email)
		await recordAudit(db, { action: 'operator.enabled', operatorId: by, target: enabled.email, clientAddress })
	}
	return Boolean(enabled)
}

/** Gives another operator a new role (never the owner's: ownership moves only by transfer). */
export async function changeOperatorRole(
	db: Database,
	change: { operatorId: number; role: Exclude<OperatorRole, 'owner'> },
	by: number,
	clientAddress: string,
) {
	// The role it had and the change in one statement: the audit log names the role it replaced.
	const [changed] = await selectRows<{ email: string; from: OperatorRole }>(
		db,
		sql`UPDATE operators SET role = ${change.role}
			FROM (SELECT id, role FROM operators WHERE id = ${change.operatorId} AND role <> 'owner' FOR UPDATE) AS before
			WHERE operators.id = before.id
			RETURNING operators.email, before.role AS "from"`,
	)
	if (!changed) return false
	await recordAudit(db, {
		action: 'operator.role_changed',
		operatorId: by,
		target: changed.email,
		clientAddress,
		detail: { from: changed.from, to: change.role },
	})
	return true
}

/** The owner offers ownership to another active operator (one offer at a time), or withdraws it (`operatorId` null). */
export async function offerOwnership(db: Database, operatorId: number | null, by: number, clientAddress: string) {
	return db.transaction(async (tx) => {
		await tx.update(operators).set({ ownership_offered_at: null }).where(isNotNull(operators.ownership_offered_at))
		if (operatorId === null) {
			await recordAudit(tx, { action: 'ownership.withdrawn', operatorId: by, clientAddress })
			return true
		}
		const [offered] = await tx
			.update(operators)
			.set({ ownership_offered_at: sql`now()` })
			.where(and(eq(operators.id, operatorId), isNull(operators.disabled_at), sql`${operators.role} <> 'owner'`))
			.returning({ email: operators.email })
		if (!offered) return false
		await recordAudit(tx, { action: 'ownership.offered', operatorId: by, target: offered.email, clientAddress })
		return true
	})
}

/** Whether the owner offered this operator ownership, and the offer still stands. */
export async function isOwnershipOffered(db: Database, operatorId: number) {
	const [row] = await db
		.select({ offeredAt: operators.ownership_offered_at })
		.from(operators)
		.where(and(eq(operators.id, operatorId), isNull(operators.disabled_at)))
	return Boolean(row?.offeredAt)
}

/**
 * The operator the owner offered ownership to accepts it: they become the owner and the owner an admin, in one
 * transaction. Returns the former owner, or null when no offer stands for this operator.
 */
export async function acceptOwnership(db: Database, operatorId: number, clientAddress: string) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK_ID})`)
		const [offer] = await tx
			.select({ email: operators.email })
			.from(operators)
			.where(
				and(eq(operators.id, operatorId), isNull(operators.disabled_at), isNotNull(operators.ownership_offered_at)),
			)
		if (!offer) return null
		const [former] = await tx
			.update(operators)
			.set({ role: 'admin' })
			.where(eq(operators.role, 'owner'))
			.returning({ id: operators.id, email: operators.email })
		await tx.update(operators).set({ role: 'owner', ownership_offered_at: null }).where(eq(operators.id, operatorId))
		await recordAudit(tx, {
			action: 'ownership.transferred',
			operatorId,
			target: offer.email,
			clientAddress,
			detail: { from: former?.email ?? null },
		})
		return former ?? null
	})
}
