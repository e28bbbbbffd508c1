import { sql } from 'drizzle-orm'
import type { SendStatus } from '#app/content/newsletter-sends.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import type { NewsletterIssueContent } from '#app/db/schema.ts'
import { sendEmail } from '#app/features/notifications/email.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import { issueEmail } from './issue-email.server.ts'
import { skipWaitingIssues, unsubscribeSecret, unsubscribeUrl } from './unsubscribe.server.ts'

/** A send's content never changes once queued: read once per process, not once per recipient. */
const contents = new Map<number, NewsletterIssueContent>()
const CONTENTS_KEPT = 20

export type IssueOutcome =
	| { kind: 'delivered' }
	| { kind: 'skipped'; reason: string }
	| { kind: 'retry'; error: string }
	| { kind: 'bounced'; error: string }
	| { kind: 'deferred' }

type IssueConfig = Pick<
	Config,
	'SMTP_URL' | 'BRAND_NAME' | 'CONTACT_EMAIL' | 'SITE_URL' | 'UNSUBSCRIBE_SECRET' | 'DATA_DIR'
>

/**
 * Delivers one recipient's copy of a newsletter send over the pooled SMTP connection, after checking, at the moment
 * of sending, that the send is not paused and the subscriber still wants it (an unsubscribe mid-send stops it).
 * Its Message-ID comes from the message's key, so a copy sent again after a crash is recognisable as the same one.
 */
export async function deliverIssue(
	db: Database,
	config: IssueConfig,
	message: { sendId: number; subscriberId: number; idempotencyKey: string },
	timeoutMs: number,
): Promise<IssueOutcome> {
	if (!config.SMTP_URL) return { kind: 'skipped', reason: 'SMTP_URL is not set' }
	const [facts] = await selectRows<{
		send_status: SendStatus
		email: string | null
		status: string | null
		confirmed: boolean | null
	}>(
		db,
		sql`SELECT s.status AS send_status, ns.email, ns.status, ns.confirmed_at IS NOT NULL AS confirmed
			FROM newsletter_sends s LEFT JOIN newsletter_subscribers ns ON ns.id = ${message.subscriberId}
			WHERE s.id = ${message.sendId}`,
	)
	if (!facts) return { kind: 'skipped', reason: 'the send was deleted' }
	if (facts.send_status === 'paused') return { kind: 'deferred' }
	if (!facts.email || facts.status !== 'active' || !facts.confirmed) {
		return { kind: 'skipped', reason: facts.status ? `subscriber is ${facts.status}` : 'subscriber was erased' }
	}
	let content = contents.get(message.sendId)
	if (!content) {
		const [row] = await selectRows<{ content: NewsletterIssueContent }>(
			db,
			sql`SELECT content FROM newsletter_sends WHERE id = ${message.sendId}`,
		)
		if (!row) return { kind: 'skipped', reason: 'the send was deleted' }
		content = row.content
		if (contents.size >= CONTENTS_KEPT) contents.clear()
		contents.set(message.sendId, content)
	}
	const unsubscribe = unsubscribeUrl(config.SITE_URL, unsubscribeSecret(config), message.subscriberId)
	const outcome = await sendEmail(
		config,
		message.idempotencyKey,
		issueEmail(content, facts.email, unsubscribe),
		timeoutMs,
		true,
	)
	if (outcome.kind !== 'failed') return outcome
	// Only a refused address is a bounce; a refused login or message is the site's to fix: retried, nobody marked.
	return outcome.recipientRefused ? { kind: 'bounced', error: outcome.error } : { kind: 'retry', error: outcome.error }
}

/** A bounced address receives nothing more: the subscriber is marked bounced and their waiting copies skipped. */
export async function markBounced(db: Database, subscriberId: number) {
	await db.execute(
		sql`UPDATE newsletter_subscribers SET status = 'bounced', status_version = status_version + 1,
				status_changed_at = now(), status_changed_by = NULL
			WHERE id = ${subscriberId} AND status = 'active'`,
	)
	await skipWaitingIssues(db, subscriberId, 'subscriber is bounced')
}
