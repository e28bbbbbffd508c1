import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '#app/db/client.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import { generatedSecret } from '#app/features/site/generated-secret.server.ts'

/** UNSUBSCRIBE_SECRET, or one generated once and kept in DATA_DIR so links stay valid across restarts. */
export function unsubscribeSecret(config: Pick<Config, 'UNSUBSCRIBE_SECRET' | 'DATA_DIR'>) {
	if (config.UNSUBSCRIBE_SECRET) return config.UNSUBSCRIBE_SECRET
	return generatedSecret({
		dataDir: config.DATA_DIR,
		file: 'unsubscribe-secret',
		variable: 'UNSUBSCRIBE_SECRET',
		generate: () => crypto.randomBytes(32).toString('hex'),
		valid: (secret) => secret.length >= 32,
	})
}

function signature(secret: string, subscriberId: number) {
	return crypto.createHmac('sha256', secret).update(`newsletter-unsubscribe:${subscriberId}`).digest('base64url')
}

export function unsubscribeToken(secret: string, subscriberId: number) {
	return `${subscriberId}.${signature(secret, subscriberId)}`
}

/** The subscriber id the token was signed for, or null for a forged or broken token. */
export function verifyUnsubscribeToken(secret: string, token: string | null): number | null {
	const match = /^([1-9]\d{0,15})\.([\w-]{43})$/.exec(token ?? '')
	if (!match) return null
	const id = Number(match[1])
	const expected = Buffer.from(signature(secret, id))
	const given = Buffer.from(match[2] ?? '')
	return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null
}

export function unsubscribeUrl(siteUrl: string, secret: string, subscriberId: number) {
	return `${siteUrl.replace(/\/+$/, '')}/newsletter/unsubscribe?token=${unsubscribeToken(secret, subscriberId)}`
}

/** A subscriber's copies of sends not yet sent are not sent (an unsubscribe or a bounce during a send). */
export async function skipWaitingIssues(db: Pick<Database, 'execute'>, subscriberId: number, reason: string) {
	await db.execute(
		sql`UPDATE notifications SET status = 'skipped', last_error = ${reason}
			WHERE lead_kind = 'newsletter' AND lead_id = ${subscriberId} AND send_id IS NOT NULL AND status = 'pending'`,
	)
}

/** Marks the subscriber unsubscribed, and stops what a send still had for them; doing it twice keeps the first time. */
export async function unsubscribe(db: Database, subscriberId: number) {
	await db.execute(
		sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = now(),
				status_version = status_version + 1, status_changed_at = now(), status_changed_by = NULL
			WHERE id = ${subscriberId} AND status <> 'unsubscribed'`,
	)
	await skipWaitingIssues(db, subscriberId, 'subscriber unsubscribed')
}

/** "Resubscribe" on the unsubscribe page: the link proved the address, so it is active and confirmed again. */
export async function resubscribe(db: Database, subscriberId: number) {
	await db.execute(
		sql`UPDATE newsletter_subscribers SET status = 'active', unsubscribed_at = NULL,
				confirmed_at = coalesce(confirmed_at, now()),
				status_version = status_version + 1, status_changed_at = now(), status_changed_by = NULL
			WHERE id = ${subscriberId} AND status = 'unsubscribed'`,
	)
}
