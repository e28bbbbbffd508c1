import { spawn } from 'node:child_process'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { openDatabase, selectRows } from './client.server.ts'
import { betaApplications, contactMessages, newsletterSubscribers } from './schema.ts'

describe.each(databaseDrivers())('database on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})

	it('creates every table of the spec with its exact column names', async () => {
		const rows = await selectRows<{ table_name: string; column_name: string }>(
			database.db,
			sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
		)
		const columns = new Map<string, string[]>()
		for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name])
		expect(columns.get('beta_applications')).toEqual(
			expect.arrayContaining([
				'full_name',
				'email',
				'company_name',
				'domain_count',
				'current_solution',
				'why_interested',
			]),
		)
		expect(columns.get('community_waitlist')).toEqual(expect.arrayContaining(['name', 'email', 'source', 'status']))
		expect(columns.get('contact_messages')).toEqual(
			expect.arrayContaining(['name', 'email', 'subject', 'message', 'status']),
		)
		expect(columns.get('newsletter_subscribers')).toEqual(
			expect.arrayContaining(['id', 'email', 'name', 'source', 'status', 'unsubscribed_at']),
		)
		expect(columns.get('blog_posts')).toEqual(
			expect.arrayContaining([
				'title',
				'seo_slug',
				'published_at',
				'excerpt',
				'content',
				'bodyhtml',
				'featured_image',
				'featured_image_alt',
				'categories',
				'tags',
				'author',
			]),
		)
		expect(columns.has('notifications')).toBe(true)
		expect(columns.has('analytics_events')).toBe(true)
	})

	it('applies the spec defaults when a row is created', async () => {
		const [message] = await database.db
			.insert(contactMessages)
			.values({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' })
			.returning()
		expect(message?.status).toBe('unread')
		const [subscriber] = await database.db
			.insert(newsletterSubscribers)
			.values({ email: 'ada@example.com' })
			.returning()
		expect(subscriber).toMatchObject({ status: 'active', source: 'blog_sidebar', unsubscribed_at: null })
	})

	it('refuses a second newsletter row for the same email in another case or with spaces', async () => {
		await database.db.insert(newsletterSubscribers).values({ email: 'Case@Example.com' })
		await expect(database.db.insert(newsletterSubscribers).values({ email: ' case@example.COM ' })).rejects.toThrow()
	})

	it('stores optional beta fields as null', async () => {
		const [row] = await database.db
			.insert(betaApplications)
			.values({ full_name: 'Bo', email: 'bo@example.com', domain_count: 3, why_interested: 'Growth' })
			.returning()
		const [read] = await database.db
			.select()
			.from(betaApplications)
			.where(eq(betaApplications.id, row?.id ?? -1))
		expect(read).toMatchObject({ company_name: null, current_solution: null, domain_count: 3 })
	})
})

describe('embedded data directory', () => {
	it('keeps ids consecutive and rows intact across a clean close and reopen', async () => {
		const dataDir = path.join(tempDir('site-test-reopen-'), 'data')
		const first = await openDatabase({ dataDir })
		await first.db.insert(contactMessages).values({ name: 'A', email: 'a@example.com', subject: 's', message: 'm' })
		await first.close()
		const second = await openDatabase({ dataDir })
		const [row] = await second.db
			.insert(contactMessages)
			.values({ name: 'B', email: 'b@example.com', subject: 's', message: 'm' })
			.returning()
		const all = await second.db.select().from(contactMessages)
		await second.close()
		expect(row?.id).toBe(2)
		expect(all.map((r) => r.name)).toEqual(['A', 'B'])
	})

	it('refuses a second process with a message naming the owner and suggesting DATABASE_URL', async () => {
		const dataDir = path.join(tempDir('site-test-lock-'), 'data')
		const owner = await openDatabase({ dataDir })
		const child = spawn(
			process.execPath,
			[
				'--import',
				'tsx',
				'-e',
				`import('./app/db/client.server.ts').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dataDir)} })).then(() => process.exit(0), e => { console.error(e.message); process.exit(3) })`,
			],
			{ cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
		)
		let stderr = ''
		child.stderr.on('data', (chunk) => {
			stderr += chunk
		})
		const code = await new Promise((resolve) => child.on('exit', resolve))
		expect(code).toBe(3)
		expect(stderr).toContain(`process ${process.pid}`)
		expect(stderr).toContain('DATABASE_URL')
		await owner.db.insert(contactMessages).values({ name: 'still', email: 's@example.com', subject: 's', message: 'm' })
		expect(await owner.db.select().from(contactMessages)).toHaveLength(1)
		await owner.close()
	})
})
