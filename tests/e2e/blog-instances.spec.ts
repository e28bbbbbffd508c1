import pg from 'pg'
import { BLOG_CONTENT_CHANNEL } from '#app/features/blog/content-changes.server.ts'
import { expect, test } from '#tests/support/test.ts'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { tempDir } from '../support/temp-dir.ts'

const adminUrl = process.env.TEST_DATABASE_URL

/** What a visitor of one instance sees of a post: listed, its article, in the feed, in the sitemap. */
async function visibility(server: RunningServer, slug: string) {
	const text = async (path: string) => (await fetch(`${server.url}${path}`)).text()
	const [list, article, feed, sitemap, llms] = await Promise.all([
		text('/blog'),
		fetch(`${server.url}/blog/${slug}`).then((response) => response.status),
		text('/blog/rss.xml'),
		text('/sitemaps/posts-1.xml'),
		text('/llms.txt'),
	])
	return {
		listed: list.includes(`/blog/${slug}"`),
		article,
		inFeed: feed.includes(`/blog/${slug}<`),
		inSitemap: sitemap.includes(`/blog/${slug}<`),
		inLlms: llms.includes(`/blog/${slug}.md)`),
	}
}

test.describe('two instances on one PostgreSQL database', () => {
	test.skip(!adminUrl, 'needs TEST_DATABASE_URL')
	let drop: () => Promise<void>
	let sql: pg.Client
	let a: RunningServer
	let b: RunningServer

	/** What announceContentChange does on the instance that made a change (the console's, here A). */
	async function announce(statement: string, values: unknown[]) {
		await sql.query(statement, values)
		await sql.query('SELECT pg_notify($1, $2)', [BLOG_CONTENT_CHANNEL, ''])
	}

	test.beforeAll(async () => {
		const database = await createPostgresDatabase(adminUrl ?? '', 'site_e2e')
		drop = database.drop
		const env = { DATABASE_URL: database.databaseUrl, BLOG_CONTENT_DIR: tempDir('blog-content-') }
		// One after the other, as a rolling deploy would: the second finds the migrations done.
		a = await startServer({ env })
		b = await startServer({ env })
		sql = new pg.Client({ connectionString: database.databaseUrl })
		await sql.connect()
		await sql.query(`INSERT INTO blog_posts (title, seo_slug, published_at) VALUES ('Older', 'older', '2020-01-01')`)
		await expect.poll(() => b.output(), { timeout: 10_000 }).toContain('listening for blog content changes')
	})
	test.afterAll(async () => {
		await sql?.end()
		const codes = await Promise.all([a?.stop(), b?.stop()])
		await drop?.()
		// Ending the listener and the clock at shutdown raises nothing.
		expect(codes).toEqual([0, 0])
	})

	test('shows a post published through one instance on the other within 5 seconds, and hides it when unpublished', async () => {
		// Cached on B before the change, so only the announcement can make B show it.
		expect(await visibility(b, 'older')).toEqual({
			listed: true,
			article: 200,
			inFeed: true,
			inSitemap: true,
			inLlms: true,
		})
		expect(await visibility(b, 'shared-news')).toEqual({
			listed: false,
			article: 404,
			inFeed: false,
			inSitemap: false,
			inLlms: false,
		})

		await announce(`INSERT INTO blog_posts (title, seo_slug, content, status) VALUES ($1, $2, $3, 'published')`, [
			'Shared News',
			'shared-news',
			'Published on A, read on B.',
		])
		await expect
			.poll(() => visibility(b, 'shared-news'), { timeout: 5_000 })
			.toEqual({ listed: true, article: 200, inFeed: true, inSitemap: true, inLlms: true })
		expect(await (await fetch(`${b.url}/blog/shared-news`)).text()).toContain('Published on A, read on B.')

		await announce(`UPDATE blog_posts SET status = 'draft', updated_at = now() WHERE seo_slug = $1`, ['shared-news'])
		await expect
			.poll(() => visibility(b, 'shared-news'), { timeout: 5_000 })
			.toEqual({ listed: false, article: 404, inFeed: false, inSitemap: false, inLlms: false })
	})

	test('shows a scheduled post on the other instance when its time comes, without another announcement', async () => {
		const delayMs = 3_000
		const due = Date.now() + delayMs
		await announce(
			`INSERT INTO blog_posts (title, seo_slug, published_at, status)
				VALUES ('Right On Time', 'right-on-time', now() + $1::interval, 'published')`,
			[`${delayMs} milliseconds`],
		)
		// Read and cached on B while the post is still scheduled.
		expect((await visibility(b, 'right-on-time')).listed).toBe(false)
		await expect
			.poll(async () => (await visibility(b, 'right-on-time')).listed, { timeout: due + 5_000 - Date.now() })
			.toBe(true)
	})
})
