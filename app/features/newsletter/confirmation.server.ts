import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { CONFIRMATION_DAYS, newsletterCopy, UNCONFIRMED_KEPT_DAYS } from '#app/content/newsletter.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { notesOf } from '#app/features/inbox/erasure.server.ts'
import { leadConsoleUrl } from '#app/features/inbox/lead-origin.server.ts'
import { chatField, enqueueNotification } from '#app/features/notifications/outbox.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import { unsubscribeSecret, unsubscribeUrl } from './unsubscribe.server.ts'

type Writer = Parameters<typeof enqueueNotification>[0]

const DAY_MS = 24 * 60 * 60_000

/** A sign-up the confirmation link names: the subscriber and the version of their status it was sent for. */
export type ConfirmationTarget = { id: number; version: number }

function signature(secret: string, target: ConfirmationTarget, expires: number) {
	return crypto
		.createHmac('sha256', secret)
		.update(`newsletter-confirm:${target.id}:${target.version}:${expires}`)
		.digest('base64url')
}

/**
 * A link's token: the subscriber, the status version it confirms (a later unsubscribe or sign-up makes it stale), its
 * expiry in seconds, and their signature.
 */
export function confirmationToken(secret: string, target: ConfirmationTarget, now = Date.now()) {
	const expires = Math.floor((now + CONFIRMATION_DAYS * DAY_MS) / 1000)
	return `${target.id}.${target.version}.${expires}.${signature(secret, target, expires)}`
}

/** What a token was signed for, or null for a forged, broken or expired one. */
export function verifyConfirmationToken(secret: string, token: string | null, now = Date.now()) {
	const match = /^([1-9]\d{0,15})\.(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/.exec(token ?? '')
	if (!match) return null
	const target = { id: Number(match[1]), version: Number(match[2]) }
	const expires = Number(match[3])
	const expected = Buffer.from(signature(secret, target, expires))
	const given = Buffer.from(match[4] ?? '')
	if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
	return expires * 1000 > now ? target : null
}

/** The confirmation email of a sign-up, written with the row it confirms. */
export async function enqueueConfirmationEmail(
	db: Writer,
	config: Pick<Config, 'SITE_URL' | 'BRAND_NAME' | 'UNSUBSCRIBE_SECRET' | 'DATA_DIR'>,
	subscriber: ConfirmationTarget & { email: string },
) {
	const secret = unsubscribeSecret(config)
	const siteUrl = config.SITE_URL.replace(/\/+$/, '')
	const confirmUrl = `${siteUrl}${newsletterCopy.confirm.path}?token=${confirmationToken(secret, subscriber)}`
	const unsubscribe = unsubscribeUrl(config.SITE_URL, secret, subscriber.id)
	await enqueueNotification(
		db,
		'email',
		{
			to: subscriber.email,
			subject: newsletterCopy.confirmation.subject(config.BRAND_NAME),
			text: newsletterCopy.confirmation.body(config.BRAND_NAME, confirmUrl, unsubscribe),
			unsubscribeUrl: unsubscribe,
		},
		{ kind: 'newsletter', id: subscriber.id },
	)
}

/**
 * Confirms the sign-up a link was sent for, once: 'confirmed' the first time, 'already' after, 'stale' when the
 * subscriber has unsubscribed or signed up again since (a newer link was sent), or was deleted.
 */
export async function confirmSubscription(db: Database, config: Pick<Config, 'SITE_URL'>, target: ConfirmationTarget) {
	return db.transaction(async (tx) => {
		const [row] = await selectRows<{ email: string; name: string | null; confirmed: boolean; version: number }>(
			tx,
			sql`SELECT email, name, confirmed_at IS NOT NULL AS confirmed, status_version AS version
				FROM newsletter_subscribers WHERE id = ${target.id} AND status = 'active' FOR UPDATE`,
		)
		if (!row || Number(row.version) !== target.version) return 'stale' as const
		if (row.confirmed) return 'already' as const
		await tx.execute(sql`UPDATE newsletter_subscribers SET confirmed_at = now() WHERE id = ${target.id}`)
		const consoleUrl = leadConsoleUrl(config.SITE_URL, 'newsletter', target.id)
		await enqueueNotification(
			tx,
			'newsletter',
			{
				event: 'newsletter_confirmed',
				text: [
					'Newsletter subscription confirmed',
					chatField('Email', row.email),
					chatField('Name', row.name),
					`<${consoleUrl}|Open in the console>`,
				].join('\n'),
				email: row.email,
				name: row.name,
				time: new Date().toISOString(),
				console_url: consoleUrl,
			},
			{ kind: 'newsletter', id: target.id },
		)
		return 'confirmed' as const
	})
}

/**
 * Deletes sign-ups never confirmed within UNCONFIRMED_KEPT_DAYS of their last sign-up (a returning reader's counts
 * from their return), with their notes and messages: nothing is kept.
 */
export async function pruneUnconfirmedSubscribers(db: Database) {
	await db.transaction(async (tx) => {
		const gone = await selectRows<{ id: number | string }>(
			tx,
			sql`DELETE FROM newsletter_subscribers
				WHERE confirmed_at IS NULL
					AND GREATEST(created_at, status_changed_at) < now() - make_interval(days => ${UNCONFIRMED_KEPT_DAYS})
				RETURNING id`,
		)
		if (gone.length === 0) return
		const leads = sql`VALUES ${sql.join(
			gone.map((row) => sql`('newsletter'::text, ${Number(row.id)}::bigint)`),
			sql`, `,
		)}`
		await tx.execute(sql`DELETE FROM ${notesOf(leads)}`)
		await tx.execute(sql`DELETE FROM notifications WHERE (lead_kind, lead_id) IN (${leads})`)
	})
}
