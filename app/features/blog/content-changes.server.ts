import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Logger } from 'pino'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { clearBlogCache, onBlogContentChange } from './posts.server.ts'

/** The PostgreSQL channel on which instances hear that the blog's content changed. */
export const BLOG_CONTENT_CHANNEL = 'blog_content'

/**
 * After a change to posts (console, import): this instance drops its cached queries and pages at once, and on
 * PostgreSQL every other instance hears it through NOTIFY and does the same.
 */
export async function announceContentChange(db: Database) {
	clearBlogCache()
	await db.execute(sql`SELECT pg_notify(${BLOG_CONTENT_CHANNEL}, '')`)
}

const RECONNECT_FIRST_MS = 500
const RECONNECT_MAX_MS = 30_000

/**
 * On PostgreSQL: one connection of its own LISTENs on BLOG_CONTENT_CHANNEL and drops this instance's blog cache on
 * every notification, so changes announced by any instance show here within moments. A lost connection is opened
 * again, waiting twice as long after each failure (up to 30 s). PGlite needs none: one process holds it.
 */
export function listenForContentChanges({ databaseUrl, logger }: { databaseUrl: string; logger: Logger }) {
	let client: pg.Client | undefined
	let retry: NodeJS.Timeout | undefined
	let failures = 0
	let stopped = false

	function lost(which: pg.Client, error?: unknown) {
		if (stopped || which !== client) return
		client = undefined
		which.end().catch(() => {})
		const delay = Math.min(RECONNECT_FIRST_MS * 2 ** failures, RECONNECT_MAX_MS)
		failures++
		logger.warn({ err: error, retryInMs: delay }, 'blog content listener lost its connection; reconnecting')
		retry = setTimeout(connect, delay)
		retry.unref()
	}

	async function connect() {
		retry = undefined
		const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true })
		client = next
		next.on('notification', (message) => {
			if (message.channel === BLOG_CONTENT_CHANNEL) clearBlogCache()
		})
		next.on('error', (error) => lost(next, error))
		next.on('end', () => lost(next, new Error('connection ended')))
		try {
			await next.connect()
			await next.query(`LISTEN ${BLOG_CONTENT_CHANNEL}`)
		} catch (error) {
			lost(next, error)
			return
		}
		if (stopped || next !== client) return
		failures = 0
		// Changes announced while no connection listened were missed: drop whatever they made stale.
		clearBlogCache()
		logger.info({ channel: BLOG_CONTENT_CHANNEL }, 'listening for blog content changes')
	}

	void connect()
	return {
		/** Ends the connection; nothing is reopened afterwards. */
		stop: async () => {
			stopped = true
			clearTimeout(retry)
			const open = client
			client = undefined
			await open?.end().catch(() => {})
		},
	}
}

/** The longest the clock sleeps before looking again, in case a change reached the database without an announcement. */
const CLOCK_MAX_WAIT_MS = 60 * 60_000
/** How long after a failed look the clock tries again. */
export const CLOCK_RETRY_MS = 30_000

/**
 * Scheduled posts (published, dated in the future) become public when their time comes, but cached lists would
 * hide them for up to a minute more: this sets one timer for the earliest such moment and drops the blog cache
 * then. It looks again after every content change (onBlogContentChange) and at least hourly.
 */
export function startPublicationClock({ db, logger }: { db: Database; logger: Logger }) {
	let timer: NodeJS.Timeout | undefined
	let planning: Promise<void> | undefined
	let planAgain = false
	let stopped = false

	async function plan() {
		let wait = CLOCK_MAX_WAIT_MS
		let due = false
		try {
			// Measured by the database's clock, the one that decides what is public.
			const [next] = await selectRows<{ wait_ms: number | string | null }>(
				db,
				sql`SELECT EXTRACT(EPOCH FROM min(published_at) - now()) * 1000 AS wait_ms
					FROM blog_posts WHERE status = 'published' AND published_at > now()`,
			)
			const until = next?.wait_ms == null ? Number.NaN : Math.ceil(Number(next.wait_ms))
			if (until <= CLOCK_MAX_WAIT_MS) {
				wait = Math.max(until, 0)
				due = true
			}
		} catch (error) {
			if (stopped) return
			logger.warn({ err: error, retryInMs: CLOCK_RETRY_MS }, 'publication clock could not look for scheduled posts')
			wait = CLOCK_RETRY_MS
		}
		if (stopped) return
		clearTimeout(timer)
		// A post that is due drops the cache, which plans again through onBlogContentChange.
		timer = setTimeout(due ? clearBlogCache : replan, wait)
		timer.unref()
	}

	function replan() {
		if (stopped) return
		if (planning) {
			planAgain = true
			return
		}
		planning = plan().finally(() => {
			planning = undefined
			if (planAgain) {
				planAgain = false
				replan()
			}
		})
	}

	const unsubscribe = onBlogContentChange(replan)
	replan()
	return {
		/** Resolves once a look in flight has finished, so the database can be closed after it. */
		stop: async () => {
			stopped = true
			unsubscribe()
			clearTimeout(timer)
			await planning
		},
	}
}
