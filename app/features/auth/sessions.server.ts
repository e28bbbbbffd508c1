import { and, eq, ne, sql } from 'drizzle-orm'
import { consoleLimits } from '#app/content/console.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { operatorSessions } from '#app/db/schema.ts'
import { DEFAULT_TIME_ZONE } from '#app/features/console/time-zone.ts'
import type { OperatorRole } from '#app/features/operators/roles.ts'
import type { ConsoleFlash } from './flash.ts'
import { newSecret, secretHash } from './secrets.server.ts'

/** The signed-in operator of a console request, as loaders and actions receive it. */
export type OperatorSession = {
	operator: { id: number; email: string; displayName: string; role: OperatorRole }
	/** The zone the console shows times in and reads dates in, and the one the operator chose (null: none). */
	timeZone: { chosen: string | null; shown: string }
	/** The session's row key (the hash of the cookie's id), to tell this session apart in the list. */
	sessionKey: string
	csrfToken: string
	/** Whether the operator proved it was them (signing in, or their password again) within the last few minutes. */
	recentlyConfirmed: boolean
}

/** Writing "last seen" on every request would make every console read a write. */
const TOUCH_AFTER_MS = 60_000

/** `__Secure-` (with Secure) when the site is served over https, so the browser refuses it over plain http. */
export function sessionCookieName(siteUrl: string) {
	return siteUrl.startsWith('https:') ? '__Secure-operator_session' : 'operator_session'
}

function cookieAttributes(siteUrl: string) {
	return `Path=/admin; HttpOnly; SameSite=Lax${siteUrl.startsWith('https:') ? '; Secure' : ''}`
}

export function sessionCookie(siteUrl: string, id: string) {
	const maxAge = consoleLimits.sessionAbsoluteDays * 24 * 3600
	return `${sessionCookieName(siteUrl)}=${id}; Max-Age=${maxAge}; ${cookieAttributes(siteUrl)}`
}

export function clearedSessionCookie(siteUrl: string) {
	return `${sessionCookieName(siteUrl)}=; Max-Age=0; ${cookieAttributes(siteUrl)}`
}

/** The session id a request carries, if any. */
export function sessionIdFrom(cookieHeader: string | null | undefined, siteUrl: string) {
	return cookieValue(cookieHeader, sessionCookieName(siteUrl))
}

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(cookieHeader: string | null | undefined, name: string) {
	for (const part of (cookieHeader ?? '').split(';')) {
		const [key, ...value] = part.trim().split('=')
		if (key === name) return value.join('=') || null
	}
	return null
}

/** A new session for an operator; the caller sends the returned id as the cookie. */
export async function startSession(db: Database, operatorId: number, userAgent: string) {
	const id = newSecret()
	await db.insert(operatorSessions).values({
		id_hash: secretHash(id),
		operator_id: operatorId,
		csrf_token: newSecret(),
		user_agent: userAgent.slice(0, 400),
		expires_at: sql`now() + make_interval(days => ${consoleLimits.sessionAbsoluteDays})`,
	})
	return id
}

/**
 * The operator behind a session id: refused when unknown, idle too long, past its absolute end or when the
 * operator is disabled. Notes the time it was last seen.
 */
export async function readSession(
	db: Database,
	id: string,
	browserTimeZone: string | null = null,
): Promise<OperatorSession | null> {
	const key = secretHash(id)
	const [row] = await selectRows<{
		operator_id: number
		email: string
		display_name: string
		role: OperatorRole
		time_zone: string | null
		csrf_token: string
		seen_ms_ago: number
		recently_confirmed: boolean
	}>(
		db,
		sql`SELECT s.operator_id, o.email, o.display_name, o.role, o.time_zone, s.csrf_token,
				extract(epoch FROM now() - s.last_seen_at) * 1000 AS seen_ms_ago,
				s.confirmed_at > now() - make_interval(mins => ${consoleLimits.confirmationMinutes}) AS recently_confirmed
			FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
			WHERE s.id_hash = ${key}
				AND o.disabled_at IS NULL
				AND s.expires_at > now()
				AND s.last_seen_at > now() - make_interval(hours => ${consoleLimits.sessionIdleHours})`,
	)
	if (!row) return null
	if (Number(row.seen_ms_ago) > TOUCH_AFTER_MS) {
		await db.update(operatorSessions).set({ last_seen_at: sql`now()` }).where(eq(operatorSessions.id_hash, key))
	}
	return {
		operator: { id: Number(row.operator_id), email: row.email, displayName: row.display_name, role: row.role },
		// The operator's choice, else the browser's zone the console's script noted, else UTC.
		timeZone: { chosen: row.time_zone, shown: row.time_zone ?? browserTimeZone ?? DEFAULT_TIME_ZONE },
		sessionKey: key,
		csrfToken: row.csrf_token,
		recentlyConfirmed: row.recently_confirmed === true,
	}
}

/** Notes that the operator of a session just proved it was them (their password again). */
export async function confirmSession(db: Database, sessionKey: string) {
	await db.update(operatorSessions).set({ confirmed_at: sql`now()` }).where(eq(operatorSessions.id_hash, sessionKey))
}

/** Ends the session behind a cookie id (sign-out, or an old session replaced at sign-in). */
export async function endSessionById(db: Database, id: string) {
	await db.delete(operatorSessions).where(eq(operatorSessions.id_hash, secretHash(id)))
}

/** Ends one of an operator's sessions by its key; an operator can only end their own. */
export async function endSession(db: Database, operatorId: number, sessionKey: string) {
	const ended = await db
		.delete(operatorSessions)
		.where(and(eq(operatorSessions.operator_id, operatorId), eq(operatorSessions.id_hash, sessionKey)))
		.returning({ key: operatorSessions.id_hash })
	return ended.length > 0
}

/** Ends every session of an operator, or every one but `except`. */
export async function endSessions(db: Database, operatorId: number, except?: string) {
	await db
		.delete(operatorSessions)
		.where(
			and(
				eq(operatorSessions.operator_id, operatorId),
				except === undefined ? undefined : ne(operatorSessions.id_hash, except),
			),
		)
}

/** An operator's live sessions, most recently used first. */
export async function listSessions(db: Database, operatorId: number) {
	return selectRows<{ key: string; user_agent: string; created_at: string; last_seen_at: string }>(
		db,
		sql`SELECT id_hash AS key, user_agent, created_at, last_seen_at FROM operator_sessions
			WHERE operator_id = ${operatorId} AND expires_at > now()
				AND last_seen_at > now() - make_interval(hours => ${consoleLimits.sessionIdleHours})
			ORDER BY last_seen_at DESC`,
	)
}

/** Forgets sessions that can no longer be used. */
export async function pruneSessions(db: Database) {
	await db.execute(
		sql`DELETE FROM operator_sessions WHERE expires_at <= now()
			OR last_seen_at <= now() - make_interval(hours => ${consoleLimits.sessionIdleHours})`,
	)
}

/** Keeps the outcome of a post made without JavaScript for the page the browser is sent to next. */
export async function keepFlash(db: Database, sessionKey: string, flash: ConsoleFlash) {
	await db.update(operatorSessions).set({ flash }).where(eq(operatorSessions.id_hash, sessionKey))
}

/** The outcome a post left for this session, once: reading it clears it, so a reload shows it no more. */
export async function takeFlash(db: Database, sessionKey: string): Promise<ConsoleFlash | null> {
	const [row] = await selectRows<{ flash: ConsoleFlash | null }>(
		db,
		sql`UPDATE operator_sessions SET flash = NULL
			FROM (SELECT id_hash, flash FROM operator_sessions WHERE id_hash = ${sessionKey} AND flash IS NOT NULL FOR UPDATE) AS kept
			WHERE operator_sessions.id_hash = kept.id_hash
			RETURNING kept.flash`,
	)
	return row?.flash ?? null
}
