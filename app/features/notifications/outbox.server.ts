import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { NEWSLETTER_RATE_PER_MINUTE } from '#app/content/newsletter-sends.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { notifications } from '#app/db/schema.ts'
import { deliverIssue, type IssueOutcome, markBounced } from '#app/features/newsletter/issue-delivery.server.ts'
import { finishSends } from '#app/features/newsletter/sends.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import { generatedSecret } from '#app/features/site/generated-secret.server.ts'
import { type EmailMessage, sendEmail } from './email.server.ts'
import { generateWebhookSecret, signWebhook, webhookSigningKey } from './webhook-signature.server.ts'

/**
 * chat: CHAT_WEBHOOK_URL; newsletter: NEWSLETTER_WEBHOOK_URL; email: SMTP_URL; indexnow: INDEXNOW_KEY;
 * newsletter_issue: one subscriber's copy of a newsletter send, over SMTP_URL at NEWSLETTER_RATE_PER_MINUTE.
 */
export type Channel = 'chat' | 'newsletter' | 'email' | 'indexnow' | 'newsletter_issue'

/** A readable `text` (Slack style) plus the structured fields. */
export type WebhookPayload = { text: string } & Record<string, unknown>

type Writer = Pick<Database, 'insert'>

/** The lead a message is about, so that the lead's console page lists it and an erasure deletes it. */
export type NotificationLead = { kind: string; id: number }

/** Where IndexNow's key file is served: the key, as text, at `/<key>.txt` on the site. */
export const indexNowKeyPath = (key: string) => `/${key}.txt`

/**
 * Tells search and answer engines (IndexNow) that the addresses changed, no sooner than `from` (a scheduled post's
 * time). Nothing is written when INDEXNOW_KEY is unset.
 */
export async function enqueueIndexNowPing(
	db: Writer,
	config: Pick<Config, 'INDEXNOW_KEY'>,
	urls: readonly string[],
	from?: Date,
) {
	if (!config.INDEXNOW_KEY || urls.length === 0) return
	await db.insert(notifications).values({
		channel: 'indexnow',
		idempotency_key: crypto.randomUUID(),
		payload: { text: urls.join(' '), urlList: [...urls] },
		...(from && from.getTime() > Date.now() ? { next_attempt_at: from } : {}),
	})
}

/** Writes a message to deliver; pass the transaction that writes the row it announces. */
export async function enqueueNotification(
	db: Writer,
	...[channel, payload, lead]:
		| ['chat' | 'newsletter', WebhookPayload, NotificationLead?]
		| ['email', EmailMessage, NotificationLead?]
) {
	await db.insert(notifications).values({
		channel,
		idempotency_key: crypto.randomUUID(),
		payload,
		lead_kind: lead?.kind ?? null,
		lead_id: lead?.id ?? null,
	})
}

/** Slack-style text treats &, < and > as markup; visitors' input must not ping channels or forge links. */
function escapeChatText(value: string) {
	return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/**
 * One field of a chat message: `*Label:* value`, a visitor's text escaped; text of several lines goes below as a
 * quote, so a line they typed (`*Email:* …`) cannot pass for one of the message's own.
 */
export function chatField(label: string, value: unknown) {
	if (value === null || value === undefined) return `*${label}:* -`
	const lines = escapeChatText(String(value)).split(/\r\n|[\r\n\u2028\u2029]/)
	return lines.length === 1 ? `*${label}:* ${lines[0]}` : [`*${label}:*`, ...lines.map((line) => `>${line}`)].join('\n')
}

/** WEBHOOK_SECRET, or one generated once (`whsec_`, 32 random bytes) and kept in DATA_DIR so receivers keep theirs. */
export function webhookSecret(config: Pick<Config, 'WEBHOOK_SECRET' | 'DATA_DIR'>) {
	if (config.WEBHOOK_SECRET) return config.WEBHOOK_SECRET
	return generatedSecret({
		dataDir: config.DATA_DIR,
		file: 'webhook-secret',
		variable: 'WEBHOOK_SECRET',
		generate: generateWebhookSecret,
		valid: (secret) => webhookSigningKey(secret) !== null,
	})
}

export type OutboxOptions = {
	db: Database
	config: Pick<
		Config,
		| 'CHAT_WEBHOOK_URL'
		| 'NEWSLETTER_WEBHOOK_URL'
		| 'SMTP_URL'
		| 'BRAND_NAME'
		| 'CONTACT_EMAIL'
		| 'WEBHOOK_SECRET'
		| 'DATA_DIR'
		| 'SITE_URL'
		| 'INDEXNOW_KEY'
		| 'INDEXNOW_ENDPOINT'
		| 'UNSUBSCRIBE_SECRET'
	> &
		Partial<Pick<Config, 'NEWSLETTER_RATE_PER_MINUTE'>>
	logger: Logger
	/** Per delivery attempt. */
	timeoutMs?: number
	/** First retry after about this long, doubling per attempt up to maxDelayMs, with jitter. */
	baseDelayMs?: number
	maxDelayMs?: number
	/** A message still failing this long after it was written is given up. */
	giveUpAfterMs?: number
	batchSize?: number
	/** The most newsletter copies claimed in one round, within the rate's budget. */
	issueBatchSize?: number
	/** How long a claimed message stays invisible to other workers; longer than any attempt. */
	leaseMs?: number
	random?: () => number
}

export const outboxDefaults = {
	timeoutMs: 5_000,
	baseDelayMs: 5_000,
	maxDelayMs: 60 * 60_000,
	giveUpAfterMs: 24 * 60 * 60_000,
	batchSize: 10,
	// One connection sends them one after another: ten at 5 s each stay inside the lease.
	issueBatchSize: 10,
	leaseMs: 60_000,
} as const

type ClaimedRow = {
	id: number
	channel: Channel
	idempotency_key: string
	payload: Record<string, unknown>
	attempts: number
	created_at: string | Date
	send_id: number | string | null
	lead_id: number | string | null
}

type Outcome =
	| { kind: 'delivered' }
	| { kind: 'skipped'; reason: string }
	| { kind: 'failed'; error: string }
	| { kind: 'retry'; error: string }
	| IssueOutcome

/** Exponential backoff with "equal jitter": half the delay fixed, half random, so retries spread out. */
export function retryDelayMs(attempts: number, options: Pick<OutboxOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>) {
	const base = options.baseDelayMs ?? outboxDefaults.baseDelayMs
	const max = options.maxDelayMs ?? outboxDefaults.maxDelayMs
	const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1))
	return delay / 2 + (options.random ?? Math.random)() * (delay / 2)
}

/** An error for the log and the console: its name and message, and the network code under a failed fetch. */
function describeError(error: unknown) {
	if (!(error instanceof Error)) return String(error)
	const code = (error.cause as { code?: unknown } | undefined)?.code
	return `${error.name}: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`
}

/** One JSON POST; 2xx is delivered, a 4xx other than 408 and 429 fails for good, anything else is retried. */
async function postJson(
	url: string,
	body: string,
	headers: Record<string, string>,
	timeoutMs: number,
): Promise<Outcome> {
	let response: Response
	try {
		response = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
			body,
			signal: AbortSignal.timeout(timeoutMs),
		})
	} catch (error) {
		return { kind: 'retry', error: describeError(error) }
	}
	await response.body?.cancel().catch(() => {})
	if (response.ok) return { kind: 'delivered' }
	const error = `HTTP ${response.status}`
	// A 4xx says the request itself is wrong and will stay wrong, except "timeout" and "too many requests".
	const permanent =
		response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429
	return permanent ? { kind: 'failed', error } : { kind: 'retry', error }
}

function postWebhook(url: string, secret: string, row: ClaimedRow, timeoutMs: number) {
	// Signed as sent: the same string is the body, and each attempt signs with its own timestamp.
	const body = JSON.stringify(row.payload)
	const headers = { 'Idempotency-Key': row.idempotency_key, ...signWebhook(secret, row.idempotency_key, body) }
	return postJson(url, body, headers, timeoutMs)
}

/** IndexNow's request: the site's host, the key and where it is published, and the addresses that changed. */
function pingIndexNow(config: OutboxOptions['config'], row: ClaimedRow, timeoutMs: number): Promise<Outcome> {
	const key = config.INDEXNOW_KEY
	if (!key) return Promise.resolve({ kind: 'skipped', reason: 'INDEXNOW_KEY is not set' })
	const site = new URL(config.SITE_URL)
	const body = JSON.stringify({
		host: site.host,
		key,
		keyLocation: new URL(indexNowKeyPath(key), site).href,
		urlList: row.payload.urlList,
	})
	return postJson(config.INDEXNOW_ENDPOINT, body, {}, timeoutMs)
}

async function attempt(row: ClaimedRow, options: OutboxOptions): Promise<Outcome> {
	const timeoutMs = options.timeoutMs ?? outboxDefaults.timeoutMs
	if (row.channel === 'newsletter_issue') {
		const message = {
			sendId: Number(row.send_id),
			subscriberId: Number(row.lead_id),
			idempotencyKey: row.idempotency_key,
		}
		return deliverIssue(options.db, options.config, message, timeoutMs)
	}
	if (row.channel === 'email') {
		if (!options.config.SMTP_URL) return { kind: 'skipped', reason: 'SMTP_URL is not set' }
		return sendEmail(options.config, row.idempotency_key, row.payload as EmailMessage, timeoutMs)
	}
	if (row.channel === 'indexnow') return pingIndexNow(options.config, row, timeoutMs)
	const variable = row.channel === 'chat' ? 'CHAT_WEBHOOK_URL' : 'NEWSLETTER_WEBHOOK_URL'
	const url = options.config[variable]
	if (!url) return { kind: 'skipped', reason: `${variable} is not set` }
	let secret: string
	try {
		secret = webhookSecret(options.config)
	} catch (error) {
		// The generated secret's file cannot be read or written: nothing is sent unsigned; retried once it is fixed.
		return { kind: 'retry', error: `no webhook secret: ${describeError(error)}` }
	}
	return postWebhook(url, secret, row, timeoutMs)
}

const claimedColumns = sql`id, channel, idempotency_key, payload, attempts, created_at, send_id, lead_id`

/**
 * Claims up to `limit` due messages, of sends or of the rest (each with its partial index). Claiming moves
 * next_attempt_at past the lease in one statement: no transaction stays open during delivery, and a worker that dies
 * mid-delivery leaves the message to be retried once the lease ends. SKIP LOCKED: workers never share a message.
 */
function claim(db: Database, limit: number, ofSends: boolean, leaseMs: number) {
	return selectRows<ClaimedRow>(
		db,
		sql`UPDATE notifications SET attempts = attempts + 1,
				next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
			WHERE id IN (
				SELECT id FROM notifications
				WHERE status = 'pending' AND send_id IS ${ofSends ? sql`NOT NULL` : sql`NULL`} AND next_attempt_at <= now()
				ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
			RETURNING ${claimedColumns}`,
	)
}

/**
 * Claims newsletter copies within NEWSLETTER_RATE_PER_MINUTE, shared by every instance through one token bucket
 * row: it refills at the rate and holds at most a second's worth, so sends go out evenly, never in bursts.
 */
async function claimIssues(options: OutboxOptions, leaseMs: number): Promise<ClaimedRow[]> {
	const perSecond = (options.config.NEWSLETTER_RATE_PER_MINUTE ?? NEWSLETTER_RATE_PER_MINUTE) / 60
	const capacity = Math.max(1, perSecond)
	// Most rounds have no send: a read of the partial index, not a write to the bucket.
	const [due] = await selectRows<{ id: number }>(
		options.db,
		sql`SELECT id FROM notifications
			WHERE status = 'pending' AND send_id IS NOT NULL AND next_attempt_at <= now() LIMIT 1`,
	)
	if (!due) return []
	return options.db.transaction(async (tx) => {
		const [bucket] = await selectRows<{ tokens: number | string }>(
			tx,
			sql`INSERT INTO delivery_budgets (name, tokens, refilled_at) VALUES ('newsletter', ${capacity}, now())
				ON CONFLICT (name) DO UPDATE SET refilled_at = now(), tokens = LEAST(${capacity}::double precision,
					delivery_budgets.tokens + extract(epoch FROM now() - delivery_budgets.refilled_at) * ${perSecond}::double precision)
				RETURNING tokens`,
		)
		const allowed = Math.min(
			options.issueBatchSize ?? outboxDefaults.issueBatchSize,
			Math.floor(Number(bucket?.tokens)),
		)
		if (!(allowed >= 1)) return []
		const rows = await claim(tx, allowed, true, leaseMs)
		if (rows.length > 0) {
			await tx.execute(sql`UPDATE delivery_budgets SET tokens = tokens - ${rows.length} WHERE name = 'newsletter'`)
		}
		return rows
	})
}

/** Claims due messages and delivers them: the site's own first, then newsletter copies within their budget. */
export async function deliverDueNotifications(options: OutboxOptions): Promise<number> {
	const { db, logger } = options
	const batchSize = options.batchSize ?? outboxDefaults.batchSize
	const leaseMs = options.leaseMs ?? outboxDefaults.leaseMs
	const issues = await claimIssues(options, leaseMs).catch((error: unknown) => {
		logger.error({ err: error }, 'claiming newsletter emails failed')
		return []
	})
	const rows = [...issues, ...(await claim(db, batchSize, false, leaseMs))]
	await Promise.all(
		rows.map(async (row) => {
			const outcome = await attempt(row, options)
			const log = logger.child({ notification: row.id, channel: row.channel, attempt: row.attempts })
			if (outcome.kind === 'deferred') {
				// Its send was paused after it was claimed: it waits with the rest until the send resumes.
				// Unless it was resumed meanwhile: then it is due now, like the rest.
				await db.execute(
					sql`UPDATE notifications SET attempts = attempts - 1, next_attempt_at = CASE
							WHEN (SELECT status FROM newsletter_sends WHERE id = ${Number(row.send_id)}) = 'paused'
							THEN 'infinity'::timestamptz ELSE now() END
						WHERE id = ${row.id}`,
				)
			} else if (outcome.kind === 'bounced') {
				await db.execute(
					sql`UPDATE notifications SET status = 'bounced', last_error = ${outcome.error} WHERE id = ${row.id}`,
				)
				await markBounced(db, Number(row.lead_id))
				log.warn({ error: outcome.error }, 'newsletter address bounced')
			} else if (outcome.kind === 'delivered') {
				await db.execute(
					sql`UPDATE notifications SET status = 'delivered', delivered_at = now(), last_error = NULL WHERE id = ${row.id}`,
				)
				log.info('notification delivered')
			} else if (outcome.kind === 'skipped') {
				await db.execute(
					sql`UPDATE notifications SET status = 'skipped', last_error = ${outcome.reason} WHERE id = ${row.id}`,
				)
				log.warn(`notification skipped: ${outcome.reason}`)
			} else if (outcome.kind === 'failed') {
				await db.execute(
					sql`UPDATE notifications SET status = 'failed', last_error = ${outcome.error} WHERE id = ${row.id}`,
				)
				log.error({ error: outcome.error }, 'notification failed permanently')
			} else {
				const delayMs = retryDelayMs(row.attempts, options)
				const giveUpAt = new Date(row.created_at).getTime() + (options.giveUpAfterMs ?? outboxDefaults.giveUpAfterMs)
				if (Date.now() + delayMs > giveUpAt) {
					await db.execute(
						sql`UPDATE notifications SET status = 'failed', last_error = ${`gave up: ${outcome.error}`} WHERE id = ${row.id}`,
					)
					log.error({ error: outcome.error }, 'notification given up after retrying')
				} else {
					await db.execute(
						sql`UPDATE notifications SET last_error = ${outcome.error},
							next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}::double precision)
							WHERE id = ${row.id}`,
					)
					log.warn({ error: outcome.error, retryInMs: Math.round(delayMs) }, 'notification delivery failed; will retry')
				}
			}
		}),
	)
	// Only a round that sent newsletter copies can have ended a send; the server's upkeep catches the rest.
	if (issues.length > 0) await finishSends(db)
	return rows.length
}

/**
 * Makes due again the messages a process that ended mid-delivery still holds: pending, tried before and due within
 * the lease. Only for a worker no other process shares (the embedded database); a retry waiting less than the lease
 * goes at once too. A scheduled ping (never tried) keeps its time.
 */
export async function releaseClaimsOfEndedProcess(db: Database, leaseMs: number = outboxDefaults.leaseMs) {
	const released = await selectRows<{ id: number }>(
		db,
		sql`UPDATE notifications SET next_attempt_at = now()
			WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > now()
				AND next_attempt_at <= now() + make_interval(secs => ${leaseMs / 1000}::double precision)
			RETURNING id`,
	)
	return released.length
}

export type OutboxWorker = { stop: () => Promise<void> }

/** Delivers due messages now and then every pollMs until stopped; stop() waits for the round in flight. */
export function startOutboxWorker(
	options: OutboxOptions & {
		pollMs?: number
		/** No other process delivers from this database: what a previous one held when it ended is released at start. */
		soleWorker?: boolean
	},
): OutboxWorker {
	const pollMs = options.pollMs ?? 1_000
	let stopped = false
	let timer: NodeJS.Timeout | undefined
	let round: Promise<void> = Promise.resolve()
	let releasing = options.soleWorker ?? false
	const run = () => {
		round = (async () => {
			try {
				if (releasing) {
					releasing = false
					const released = await releaseClaimsOfEndedProcess(options.db, options.leaseMs)
					if (released > 0) options.logger.info({ released }, 'messages held by the previous process are due again')
				}
				while (!stopped && (await deliverDueNotifications(options)) > 0) {}
			} catch (error) {
				options.logger.error({ err: error }, 'outbox round failed')
			}
			if (!stopped) timer = setTimeout(run, pollMs)
		})()
	}
	run()
	return {
		stop: async () => {
			stopped = true
			clearTimeout(timer)
			await round
		},
	}
}
