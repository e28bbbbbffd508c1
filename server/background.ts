import type { Logger } from 'pino'
import type { Database } from '#app/db/client.server.ts'
import { pruneOperatorState } from '#app/features/auth/prune.server.ts'
import { listenForContentChanges, startPublicationClock } from '#app/features/blog/content-changes.server.ts'
import { makeDueShareCards } from '#app/features/blog/share-cards.server.ts'
import { CONSOLE_LIMIT_WINDOW_SECONDS } from '#app/features/console/console.server.ts'
import { EVENTS_WINDOW_SECONDS } from '#app/features/insights/collector.server.ts'
import { pruneAnalytics } from '#app/features/insights/events.server.ts'
import { pruneRollups, refreshRollups } from '#app/features/insights/rollups.server.ts'
import { finishPendingImageCopies } from '#app/features/media/media.server.ts'
import { pruneUnconfirmedSubscribers } from '#app/features/newsletter/confirmation.server.ts'
import { advanceSends } from '#app/features/newsletter/sends.server.ts'
import { closeEmailTransports } from '#app/features/notifications/email.server.ts'
import { startOutboxWorker } from '#app/features/notifications/outbox.server.ts'
import { type Config, publicConfig } from '#app/features/site/config.server.ts'
import { pruneRateLimits } from '#app/forms/rate-limit.server.ts'

const PRUNE_EVERY_MS = 60_000
const CATCH_UP_EVERY_MS = 60_000
/** A newsletter send's recipients are written soon after it starts, whichever instance started it. */
const QUEUE_SENDS_EVERY_MS = 5_000

/**
 * Work that catches up on what is due (at start, then every minute or `everyMs`), one round at a time. Stopping tells
 * the round to end after the item in hand, so a restart waits for one card or copy, not a whole round.
 */
function catchUpEveryMinute(
	work: (stopping: AbortSignal) => Promise<unknown>,
	logger: Logger,
	failure: string,
	everyMs = CATCH_UP_EVERY_MS,
) {
	const stopping = new AbortController()
	let running: Promise<unknown> = Promise.resolve()
	let busy = false
	const run = () => {
		// A round longer than the interval is not joined by a second one.
		if (busy) return
		busy = true
		running = work(stopping.signal)
			.catch((error) => logger.warn({ err: error }, failure))
			.finally(() => {
				busy = false
			})
	}
	run()
	const timer = setInterval(run, everyMs)
	timer.unref()
	return {
		stop: async () => {
			clearInterval(timer)
			stopping.abort()
			await running
		},
	}
}

/**
 * The work the server does besides answering requests: the outbox, forgetting old rate-limit counters and analytics,
 * share cards and image copies, showing scheduled posts when their time comes and, on PostgreSQL, hearing of content changes other instances made.
 */
export function startBackgroundWork({ db, config, logger }: { db: Database; config: Config; logger: Logger }) {
	if (!config.SMTP_URL) logger.warn('SMTP_URL is not set: newsletter confirmation emails are not sent')
	// The embedded database has one process: a message it held when it ended is not being delivered by anyone.
	const worker = startOutboxWorker({
		db,
		config,
		logger: logger.child({ worker: 'outbox' }),
		soleWorker: !config.DATABASE_URL,
	})
	const clock = startPublicationClock({ db, logger: logger.child({ worker: 'publication-clock' }) })
	const site = publicConfig(config)
	const shareCards = catchUpEveryMinute(
		(stopping) => makeDueShareCards(db, site, stopping),
		logger.child({ worker: 'share-cards' }),
		'making share cards failed',
	)
	// Copies an upload's answer did not wait for, left unmade by a restart.
	const imageCopies = catchUpEveryMinute(
		(stopping) => finishPendingImageCopies(db, stopping),
		logger.child({ worker: 'image-copies' }),
		'making image copies failed',
	)
	const sendQueues = catchUpEveryMinute(
		(stopping) => advanceSends(db, stopping),
		logger.child({ worker: 'newsletter-sends' }),
		'queueing or finishing newsletter sends failed',
		QUEUE_SENDS_EVERY_MS,
	)
	const listener = config.DATABASE_URL
		? listenForContentChanges({ databaseUrl: config.DATABASE_URL, logger: logger.child({ worker: 'content-changes' }) })
		: undefined
	const pruning = setInterval(() => {
		// The longest window of any counter: the forms', the analytics collector's or the console's.
		pruneRateLimits(
			db,
			Math.max(config.RATE_LIMIT_WINDOW_SECONDS, EVENTS_WINDOW_SECONDS, CONSOLE_LIMIT_WINDOW_SECONDS),
		).catch((error) => logger.warn({ err: error }, 'pruning rate limits failed'))
		// Days are rolled up before their raw events are pruned, whether or not anyone reads the dashboard.
		refreshRollups(db)
			.catch((error) => logger.warn({ err: error }, 'rolling up insights failed'))
			.finally(() =>
				Promise.all([pruneAnalytics(db), pruneRollups(db)]).catch((error) =>
					logger.warn({ err: error }, 'pruning analytics failed'),
				),
			)
		pruneOperatorState(db).catch((error) => logger.warn({ err: error }, 'pruning console sessions failed'))
		pruneUnconfirmedSubscribers(db).catch((error) => logger.warn({ err: error }, 'pruning unconfirmed sign-ups failed'))
	}, PRUNE_EVERY_MS)
	pruning.unref()
	return {
		/** Resolves once the delivery round in flight has finished; call before closing the database. */
		stop: async () => {
			clearInterval(pruning)
			await Promise.all([
				worker.stop(),
				clock.stop(),
				shareCards.stop(),
				imageCopies.stop(),
				sendQueues.stop(),
				listener?.stop(),
			])
			closeEmailTransports()
		},
	}
}
