import { sql } from 'drizzle-orm'
import { newsletterCopy } from '#app/content/newsletter.ts'
import {
	type RecipientStatus,
	SEND_QUEUE_BATCH,
	SEND_RECIPIENTS_PAGE,
	type SendStatus,
} from '#app/content/newsletter-sends.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import type { blogPosts, NewsletterIssueContent } from '#app/db/schema.ts'
import { featuredMedia } from '#app/features/media/responsive.server.ts'
import { enqueueNotification } from '#app/features/notifications/outbox.server.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import { issueContent, issueEmail } from './issue-email.server.ts'

/** Who may receive an issue: active and confirmed (double opt-in); bounced and unsubscribed addresses never. */
const RECIPIENT = sql`status = 'active' AND confirmed_at IS NOT NULL`

export async function countRecipients(db: Database) {
	const [row] = await selectRows<{ count: number | string }>(
		db,
		sql`SELECT count(*) AS count FROM newsletter_subscribers WHERE ${RECIPIENT}`,
	)
	return Number(row?.count ?? 0)
}

/** The 960 px WebP copy of a featured image that is one of ours (made before its upload was answered), else itself. */
async function emailImage(db: Database, post: Pick<Post, 'featured_image' | 'featured_image_alt'>) {
	if (!post.featured_image) return null
	const copies = (await featuredMedia(db, [post.featured_image])).get(post.featured_image)
	const webp = copies?.picture.sources.find((source) => source.type === 'image/webp')
	const candidates = (webp?.srcSet ?? '').split(', ').map((candidate) => {
		const [url = '', width = '0w'] = candidate.split(' ')
		return { url, width: Number.parseInt(width, 10) }
	})
	const fitting = candidates.filter((candidate) => candidate.url && candidate.width <= 960).at(-1)
	return { url: fitting?.url ?? post.featured_image, alt: post.featured_image_alt ?? '' }
}

type Post = typeof blogPosts.$inferSelect

type SiteFacts = Pick<Config, 'SITE_URL' | 'BRAND_NAME' | 'POSTAL_ADDRESS'>

/** What every recipient's email of this post is made from. */
export async function contentOfPost(db: Database, config: SiteFacts, post: Post): Promise<NewsletterIssueContent> {
	return issueContent(
		post,
		{ siteUrl: config.SITE_URL, brand: config.BRAND_NAME, postalAddress: config.POSTAL_ADDRESS },
		await emailImage(db, post),
	)
}

export type SendSummary = {
	id: number
	postId: number | null
	title: string
	status: SendStatus
	recipients: number
	createdAt: Date
	counts: Record<RecipientStatus, number>
	/** Recipients of this send who unsubscribed after it started. */
	unsubscribedSince: number
}

type SendRow = {
	id: number | string
	post_id: number | string | null
	title: string
	status: SendStatus
	recipients: number
	created_at: string | Date
}

async function summaries(db: Database, rows: SendRow[]): Promise<SendSummary[]> {
	if (rows.length === 0) return []
	const ids = sql.join(
		rows.map((row) => sql`${Number(row.id)}::bigint`),
		sql`, `,
	)
	const [counts, unsubscribed] = await Promise.all([
		selectRows<{ send_id: number | string; status: RecipientStatus; count: number | string }>(
			db,
			sql`SELECT send_id, status, count(*) AS count FROM notifications WHERE send_id IN (${ids})
				GROUP BY send_id, status`,
		),
		selectRows<{ send_id: number | string; count: number | string }>(
			db,
			sql`SELECT n.send_id, count(*) AS count FROM notifications n
				JOIN newsletter_sends s ON s.id = n.send_id
				JOIN newsletter_subscribers ns ON ns.id = n.lead_id
				WHERE n.send_id IN (${ids}) AND ns.status = 'unsubscribed' AND ns.unsubscribed_at >= s.created_at
				GROUP BY n.send_id`,
		),
	])
	return rows.map((row) => {
		const id = Number(row.id)
		const of = (status: RecipientStatus) =>
			Number(counts.find((count) => Number(count.send_id) === id && count.status === status)?.count ?? 0)
		return {
			id,
			postId: row.post_id === null ? null : Number(row.post_id),
			title: row.title,
			status: row.status,
			recipients: Number(row.recipients),
			createdAt: new Date(row.created_at),
			counts: {
				pending: of('pending'),
				delivered: of('delivered'),
				failed: of('failed'),
				bounced: of('bounced'),
				skipped: of('skipped'),
			},
			unsubscribedSince: Number(unsubscribed.find((count) => Number(count.send_id) === id)?.count ?? 0),
		}
	})
}

const sendColumns = sql`id, post_id, content->>'title' AS title, status, recipients, created_at`

/** A page of sends, newest first; `before` is the last id seen. */
export async function listSends(db: Database, filter: { before?: number; limit: number }) {
	const rows = await selectRows<SendRow>(
		db,
		sql`SELECT ${sendColumns} FROM newsletter_sends
			${filter.before === undefined ? sql`` : sql`WHERE id < ${filter.before}`}
			ORDER BY id DESC LIMIT ${filter.limit + 1}`,
	)
	return { sends: await summaries(db, rows.slice(0, filter.limit)), more: rows.length > filter.limit }
}

export async function getSend(db: Database, id: number) {
	const rows = await selectRows<SendRow>(db, sql`SELECT ${sendColumns} FROM newsletter_sends WHERE id = ${id}`)
	return (await summaries(db, rows))[0] ?? null
}

/** The send of a post, if it was emailed. */
export async function sendOfPost(db: Database, postId: number) {
	const [row] = await selectRows<{ id: number | string }>(
		db,
		sql`SELECT id FROM newsletter_sends WHERE post_id = ${postId}`,
	)
	return row ? Number(row.id) : null
}

export type RecipientRow = {
	id: number
	email: string
	status: RecipientStatus
	deliveredAt: Date | null
	detail: string | null
}

/** A page of a send's recipients in the order they are sent, optionally those whose address contains `email`. */
export async function listRecipients(db: Database, sendId: number, filter: { after?: number; email?: string }) {
	const like = filter.email ? `%${filter.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
	const rows = await selectRows<{
		id: number | string
		email: string
		status: RecipientStatus
		delivered_at: string | Date | null
		last_error: string | null
	}>(
		db,
		sql`SELECT id, payload->>'to' AS email, status, delivered_at, left(last_error, 300) AS last_error
			FROM notifications WHERE send_id = ${sendId}
			${filter.after === undefined ? sql`` : sql`AND id > ${filter.after}`}
			${like ? sql`AND payload->>'to' ILIKE ${like}` : sql``}
			ORDER BY id LIMIT ${SEND_RECIPIENTS_PAGE + 1}`,
	)
	return {
		recipients: rows.slice(0, SEND_RECIPIENTS_PAGE).map(
			(row): RecipientRow => ({
				id: Number(row.id),
				email: row.email,
				status: row.status,
				deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
				detail: row.last_error,
			}),
		),
		more: rows.length > SEND_RECIPIENTS_PAGE,
	}
}

type Actor = { by: number; clientAddress: string }

export type StartOutcome =
	| { outcome: 'started'; id: number; recipients: number }
	| { outcome: 'already'; id: number }
	| { outcome: 'nobody' }

/**
 * Starts emailing a published post to its confirmed subscribers, once per post: the send's row holds what each email
 * is made from; recipients are queued after (queueSend), in batches.
 */
export async function startSend(db: Database, config: SiteFacts, post: Post, actor: Actor): Promise<StartOutcome> {
	const existing = await sendOfPost(db, post.id)
	if (existing !== null) return { outcome: 'already', id: existing }
	const recipients = await countRecipients(db)
	if (recipients === 0) return { outcome: 'nobody' }
	const content = await contentOfPost(db, config, post)
	const [row] = await selectRows<{ id: number | string }>(
		db,
		sql`INSERT INTO newsletter_sends (post_id, content, recipients, created_by)
			VALUES (${post.id}, ${JSON.stringify(content)}::jsonb, 0, ${actor.by})
			ON CONFLICT (post_id) DO NOTHING RETURNING id`,
	)
	if (!row) {
		const id = await sendOfPost(db, post.id)
		return id === null ? { outcome: 'nobody' } : { outcome: 'already', id }
	}
	const id = Number(row.id)
	await recordAudit(db, {
		action: 'newsletter.sent',
		operatorId: actor.by,
		target: `newsletter_sends:${id}`,
		clientAddress: actor.clientAddress,
		detail: { title: content.title, recipients },
	})
	return { outcome: 'started', id, recipients }
}

/**
 * Writes a send's messages, one per confirmed subscriber, a batch per transaction; each batch moves the send's
 * mark on, so a restart goes on where it stopped, and the message's key (send and subscriber) makes a second writer
 * harmless. The send is then `sending`. Returns how many messages this call wrote; `firstBatchOnly` leaves the rest to
 * the background.
 */
export async function queueSend(db: Database, sendId: number, batch = SEND_QUEUE_BATCH, firstBatchOnly = false) {
	let written = 0
	for (;;) {
		const done = await db.transaction(async (tx) => {
			const [send] = await selectRows<{ status: SendStatus; queued_through: number | string }>(
				tx,
				sql`SELECT status, queued_through FROM newsletter_sends WHERE id = ${sendId} FOR UPDATE`,
			)
			if (send?.status !== 'queueing') return true
			const [step] = await selectRows<{
				through: number | string
				chosen: number | string
				added: number | string
			}>(
				tx,
				sql`WITH chosen AS (
						SELECT id, email FROM newsletter_subscribers
						WHERE id > ${Number(send.queued_through)} AND ${RECIPIENT} ORDER BY id LIMIT ${batch}),
					added AS (
						INSERT INTO notifications (channel, idempotency_key, payload, lead_kind, lead_id, send_id)
						SELECT 'newsletter_issue', 'newsletter-' || ${sendId}::bigint || '-' || id,
							jsonb_build_object('to', email), 'newsletter', id, ${sendId}::bigint
						FROM chosen ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1)
					SELECT coalesce((SELECT max(id) FROM chosen), ${Number(send.queued_through)}) AS through,
						(SELECT count(*) FROM chosen) AS chosen, (SELECT count(*) FROM added) AS added`,
			)
			const chosen = Number(step?.chosen ?? 0)
			written += Number(step?.added ?? 0)
			const last = chosen < batch
			await tx.execute(
				sql`UPDATE newsletter_sends SET recipients = recipients + ${Number(step?.added ?? 0)},
					queued_through = ${Number(step?.through ?? send.queued_through)}
					${last ? sql`, status = 'sending'` : sql``}
					WHERE id = ${sendId}`,
			)
			return last
		})
		if (done || firstBatchOnly) return written
	}
}

/**
 * The server's upkeep of sends (every few seconds): queues every send a restart or another instance left
 * half-written, and finishes those whose last messages ended outside a delivery round (skipped by an unsubscribe,
 * or sent while the send was paused).
 */
export async function advanceSends(db: Database, stopping?: AbortSignal) {
	const rows = await selectRows<{ id: number | string }>(
		db,
		sql`SELECT id FROM newsletter_sends WHERE status = 'queueing' ORDER BY id`,
	)
	for (const row of rows) {
		if (stopping?.aborted) return
		await queueSend(db, Number(row.id))
	}
	await finishSends(db)
}

/** Marks sends finished once none of their messages waits; few sends are ever sending at once. */
export async function finishSends(db: Database) {
	await db.execute(
		sql`UPDATE newsletter_sends s SET status = 'finished', finished_at = now()
			WHERE s.status = 'sending'
			AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.send_id = s.id AND n.status = 'pending')`,
	)
}

/**
 * Pauses a send (its waiting messages are put off indefinitely, so no worker claims them) or resumes it; a message
 * already handed to the mail server still goes. Only a send that is sending can pause; only a paused one resumes.
 */
export async function setSendPaused(db: Database, sendId: number, paused: boolean, actor: Actor) {
	return db.transaction(async (tx) => {
		const [row] = await selectRows<{ title: string }>(
			tx,
			sql`UPDATE newsletter_sends SET status = ${paused ? 'paused' : 'sending'}
				WHERE id = ${sendId} AND status = ${paused ? 'sending' : 'paused'} RETURNING content->>'title' AS title`,
		)
		if (!row) return false
		// Resuming touches only what pausing put off: a message a worker holds keeps its lease.
		await tx.execute(
			paused
				? sql`UPDATE notifications SET next_attempt_at = 'infinity'
					WHERE send_id = ${sendId} AND status = 'pending' AND next_attempt_at <= now()`
				: sql`UPDATE notifications SET next_attempt_at = now()
					WHERE send_id = ${sendId} AND status = 'pending' AND next_attempt_at = 'infinity'`,
		)
		await recordAudit(tx, {
			action: paused ? 'newsletter.paused' : 'newsletter.resumed',
			operatorId: actor.by,
			target: `newsletter_sends:${sendId}`,
			clientAddress: actor.clientAddress,
			detail: { title: row.title },
		})
		return true
	})
}

/**
 * The email as a subscriber gets it, for the console's preview and a test: its unsubscribe link opens the page that
 * says a link without its token is not valid (each subscriber's own is made as it is sent).
 */
export function sampleIssueEmail(content: NewsletterIssueContent, to: string, siteUrl: string, subjectPrefix = '') {
	return issueEmail(content, to, `${siteUrl.replace(/\/+$/, '')}${newsletterCopy.unsubscribe.path}`, subjectPrefix)
}

/** "Send a test to me": the email as a subscriber would get it, to the operator alone, through the outbox. */
export async function sendTestIssue(
	db: Database,
	config: SiteFacts,
	post: Post,
	to: string,
	actor: Actor,
	subjectPrefix: string,
) {
	const email = sampleIssueEmail(await contentOfPost(db, config, post), to, config.SITE_URL, subjectPrefix)
	await enqueueNotification(db, 'email', { to, subject: email.subject, text: email.text, html: email.html })
	await recordAudit(db, {
		action: 'newsletter.test_sent',
		operatorId: actor.by,
		target: `blog_posts:${post.id}`,
		clientAddress: actor.clientAddress,
		detail: { title: post.title, to },
	})
}
