import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '#app/db/client.server.ts'
import { blogPosts } from '#app/db/schema.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import {
	announceContentChange,
	BLOG_CONTENT_CHANNEL,
	CLOCK_RETRY_MS,
	listenForContentChanges,
	startPublicationClock,
} from './content-changes.server.ts'
import { blogSidebar, clearBlogCache, listPublishedPosts } from './posts.server.ts'

const silent = pino({ level: 'silent' })

/** A logger that keeps the messages it is given, to wait for and count. */
function recordingLogger() {
	const lines: { level: number; msg: string }[] = []
	const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
	const count = (msg: string) => lines.filter((line) => line.msg === msg).length
	return { logger, lines, count }
}

const listedSlugs = async (db: Database) => (await listPublishedPosts(db, 1)).posts.map((post) => post.seoSlug)
const recentSlugs = async (db: Database) => (await blogSidebar(db)).recent.map((post) => post.seoSlug)

describe.each(databaseDrivers())('blog content changes on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})
	beforeEach(async () => {
		await database.db.delete(blogPosts)
		await database.db.execute(
			sql`INSERT INTO blog_posts (title, seo_slug, published_at) VALUES ('Old', 'old', timestamptz '2020-01-01')`,
		)
		clearBlogCache()
	})

	/** A post published (not a draft) that becomes public `seconds` from now by the database's clock. */
	const schedule = (slug: string, seconds: number) =>
		database.db.execute(sql`INSERT INTO blog_posts (title, seo_slug, published_at, status)
			VALUES (${slug}, ${slug}, now() + ${`${seconds} seconds`}::interval, 'published')`)

	it('shows a post scheduled after the clock started once its time comes, without anyone clearing the cache', async () => {
		const clock = startPublicationClock({ db: database.db, logger: silent })
		try {
			await schedule('soon', 1.5)
			// What the console does after saving: the clock hears of it and plans for the new time.
			await announceContentChange(database.db)
			expect(await listedSlugs(database.db)).toEqual(['old'])
			expect(await recentSlugs(database.db)).toEqual(['old'])
			await expect.poll(() => listedSlugs(database.db), { timeout: 5_000 }).toEqual(['soon', 'old'])
			expect(await recentSlugs(database.db)).toEqual(['soon', 'old'])
		} finally {
			await clock.stop()
		}
	})

	it('finds posts scheduled before it started, ignores drafts, and stops cleanly', async () => {
		await schedule('waiting', 1)
		await database.db.execute(sql`INSERT INTO blog_posts (title, seo_slug, published_at, status)
			VALUES ('Draft', 'draft', now() + interval '1 second', 'draft')`)
		const clock = startPublicationClock({ db: database.db, logger: silent })
		try {
			expect(await listedSlugs(database.db)).toEqual(['old'])
			await expect.poll(() => listedSlugs(database.db), { timeout: 5_000 }).toEqual(['waiting', 'old'])
		} finally {
			await clock.stop()
		}
		await schedule('after-stop', 0.5)
		clearBlogCache()
		expect(await listedSlugs(database.db)).toEqual(['waiting', 'old'])
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		// A stopped clock no longer drops the cache: the listing cached before the post's time stays.
		expect(await listedSlugs(database.db)).toEqual(['waiting', 'old'])
	})

	it.skipIf(driver.name !== 'postgres')(
		"drops this process's cache when another connection notifies, and listens again after losing its connection",
		async () => {
			if (!('databaseUrl' in database.location)) throw new Error('expected a PostgreSQL database')
			const { logger, count } = recordingLogger()
			const listener = listenForContentChanges({ databaseUrl: database.location.databaseUrl, logger })
			const listening = 'listening for blog content changes'
			/** What announceContentChange sends from another instance: a post, then a notification on the channel. */
			const publishElsewhere = async (slug: string) => {
				await database.db.execute(sql`INSERT INTO blog_posts (title, seo_slug) VALUES (${slug}, ${slug})`)
				await database.db.execute(sql`SELECT pg_notify(${BLOG_CONTENT_CHANNEL}, '')`)
			}
			try {
				await expect.poll(() => count(listening)).toBe(1)
				expect(await listedSlugs(database.db)).toEqual(['old'])
				await publishElsewhere('first')
				await expect.poll(() => listedSlugs(database.db), { timeout: 5_000 }).toEqual(['first', 'old'])

				await database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
					WHERE datname = current_database() AND query = ${`LISTEN ${BLOG_CONTENT_CHANNEL}`}`)
				await expect
					.poll(() => count('blog content listener lost its connection; reconnecting'), { timeout: 5_000 })
					.toBe(1)
				await expect.poll(() => count(listening), { timeout: 5_000 }).toBe(2)
				expect(await listedSlugs(database.db)).toEqual(['first', 'old'])
				await publishElsewhere('second')
				await expect.poll(() => listedSlugs(database.db), { timeout: 5_000 }).toEqual(['second', 'first', 'old'])
			} finally {
				await listener.stop()
			}
			// Ending the connection on purpose is not a lost connection.
			expect(count('blog content listener lost its connection; reconnecting')).toBe(1)
		},
	)
})

describe('publication clock when the database fails', () => {
	afterEach(() => {
		vi.useRealTimers()
	})

	it('logs the failure and looks again later instead of throwing', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		const execute = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue({ rows: [] })
		const { logger, lines } = recordingLogger()
		const clock = startPublicationClock({ db: { execute } as unknown as Database, logger })
		await vi.advanceTimersByTimeAsync(CLOCK_RETRY_MS - 1)
		expect(lines.map((line) => line.msg)).toEqual(['publication clock could not look for scheduled posts'])
		expect(execute).toHaveBeenCalledTimes(1)
		await vi.advanceTimersByTimeAsync(1)
		expect(execute).toHaveBeenCalledTimes(2)
		await clock.stop()
	})
})
