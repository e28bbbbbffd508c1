import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { selectRows } from '#app/db/client.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { importPosts } from './import.server.ts'

/** 20 batches in the suite; `npm run bench:import` runs the same check with 100,000 posts. */
const MANY = Number(process.env.IMPORT_POSTS || 10_000)
const MIDDLE = MANY / 2

/** A JSON export of MANY posts, two of them invalid and one a second copy of another's slug. */
function manyPosts() {
	const posts: Record<string, unknown>[] = Array.from({ length: MANY }, (_, n) => ({
		title: `Post ${n}`,
		seo_slug: `post-${n}`,
		published_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
		excerpt: `The excerpt of post ${n}.`,
		content: `Hello from post **${n}**.`,
		categories: [`Category ${n % 10}`],
		tags: [`tag-${n % 100}`, 'parking'],
		author: 'Ana',
	}))
	posts[417] = { ...posts[417], title: '' }
	posts[MIDDLE] = { ...posts[MIDDLE], seo_slug: 'Not A Slug' }
	posts[MANY - 1] = { ...posts[MANY - 1], seo_slug: 'post-3' }
	const file = path.join(tempDir('blog-import-many-'), 'posts.json')
	fs.writeFileSync(file, JSON.stringify(posts))
	return file
}

describe.each(databaseDrivers())('importing a large JSON file on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})

	it(`imports ${MANY.toLocaleString('en-US')} posts in batches, reporting bad rows by index and keeping the rest`, {
		timeout: 600_000,
	}, async () => {
		const file = manyPosts()
		const started = performance.now()
		const report = await importPosts(database.db, file)
		const seconds = (performance.now() - started) / 1000
		console.log(`${driver.name}: imported ${report.imported.length} posts in ${seconds.toFixed(1)} s`)
		expect(report.errors).toEqual([
			'posts.json[417]: title: expected a title',
			`posts.json[${MIDDLE}]: seo_slug: expected lower-case letters, digits and single hyphens`,
			`posts.json[${MANY - 1}]: seo_slug post-3 appears twice; the first one is imported`,
		])
		expect(report.imported).toHaveLength(MANY - 3)
		const [counts] = await selectRows<{ posts: number; slugs: number; searchable: number }>(
			database.db,
			sql`SELECT count(*)::int AS posts, count(DISTINCT seo_slug)::int AS slugs,
				count(*) FILTER (WHERE search @@ to_tsquery('english', 'parking'))::int AS searchable FROM blog_posts`,
		)
		expect(counts).toEqual({ posts: MANY - 3, slugs: MANY - 3, searchable: MANY - 3 })
		const [last] = await selectRows<{ title: string; category_names: string[] }>(
			database.db,
			sql`SELECT title, category_names FROM blog_posts WHERE seo_slug = ${`post-${MANY - 2}`}`,
		)
		expect(last).toEqual({ title: `Post ${MANY - 2}`, category_names: [`Category ${(MANY - 2) % 10}`] })
		const missing = await selectRows<{ seo_slug: string }>(
			database.db,
			sql`SELECT seo_slug FROM blog_posts WHERE seo_slug IN ('post-417', ${`post-${MIDDLE}`}, ${`post-${MANY - 1}`})`,
		)
		expect(missing).toEqual([])
	})
})
