// `npm run bench:scale`: the blog's answers and query plans among 100,000 posts, apart from `npm test` for its time.
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { selectRows } from '#app/db/client.server.ts'
import { blogPosts } from '#app/db/schema.ts'
import { databaseDrivers, type TestDatabase, withTestDatabase } from '#tests/support/databases.ts'
import { archivePage, termPostsQuery } from './archives.server.ts'
import { articlePage } from './article.server.ts'
import {
	blogSidebar,
	clearBlogCache,
	feedPosts,
	getPostBySlug,
	listPublishedPosts,
	sitemapPostParts,
	sitemapPosts,
} from './posts.server.ts'
import { blogSearch } from './search.server.ts'
import { sitemapFile, sitemapIndex } from './sitemaps.server.ts'

const MANY = 100_000

const slugsOf = (posts: { seoSlug: string }[]) => posts.map((post) => post.seoSlug)

async function plan(database: TestDatabase, query: ReturnType<typeof sql>) {
	const rows = await selectRows<Record<string, string>>(database.db, sql`EXPLAIN ${query}`)
	return rows.map((row) => Object.values(row).join(' ')).join('\n')
}

describe.each(databaseDrivers())('the blog among $name posts at scale', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})

	it(`lists, aggregates and finds posts among ${MANY} from index scans`, async () => {
		// Post i is published i minutes after 2020-01-01; every 1000th is scheduled in the future.
		await database.db.execute(sql`
			INSERT INTO blog_posts (title, seo_slug, published_at, excerpt, content, categories, tags)
			SELECT 'Post ' || i, 'post-' || i,
				CASE WHEN i % 1000 = 0 THEN now() + interval '1 day' ELSE timestamptz '2020-01-01' + i * interval '1 minute' END,
				'Excerpt ' || i, 'one two three',
				jsonb_build_array('Cat ' || (i % 5), jsonb_build_object('name', 'Shared'), 'Third'),
				jsonb_build_array('tag-' || lpad((i % 20)::text, 2, '0'), CASE WHEN i % 2 = 0 THEN 'even' END)
			FROM generate_series(1, ${MANY}) AS i`)
		await database.db.execute(sql`ANALYZE blog_posts`)
		clearBlogCache()
		const visible = MANY - MANY / 1000

		const { posts: page1, hasNext } = await listPublishedPosts(database.db, 1)
		expect(page1).toHaveLength(12)
		expect(hasNext).toBe(true)
		expect(page1[0]).toMatchObject({
			title: 'Post 99999',
			seoSlug: 'post-99999',
			categories: ['Cat 4', 'Shared'],
			excerpt: 'Excerpt 99999',
		})
		expect(page1.map((p) => p.seoSlug)).not.toContain('post-99000')

		const lastPage = Math.ceil(visible / 12)
		const deep = await listPublishedPosts(database.db, lastPage)
		expect(deep.posts.length).toBe(visible - (lastPage - 1) * 12)
		expect(deep.posts.at(-1)?.seoSlug).toBe('post-1')
		expect(deep.hasNext).toBe(false)
		expect(await listPublishedPosts(database.db, lastPage + 1)).toEqual({ posts: [], hasNext: false })

		const sidebar = await blogSidebar(database.db)
		expect(sidebar.recent.map((p) => p.seoSlug)).toEqual([
			'post-99999',
			'post-99998',
			'post-99997',
			'post-99996',
			'post-99995',
		])
		expect(sidebar.categories[0]).toEqual({ name: 'Shared', count: visible })
		expect(sidebar.categories[1]).toEqual({ name: 'Third', count: visible })
		expect(sidebar.categories.slice(2)).toHaveLength(5)
		expect(sidebar.categories.find((c) => c.name === 'Cat 0')?.count).toBe(MANY / 5 - MANY / 1000)
		expect(sidebar.tags).toHaveLength(10)
		expect(sidebar.tags[0]).toBe('even')

		expect((await getPostBySlug(database.db, 'post-4242'))?.title).toBe('Post 4242')
		expect(await getPostBySlug(database.db, 'post-5000')).toBeNull()
		const feed = await feedPosts(database.db, { embedHosts: [], siteUrl: 'https://example.com' })
		expect(feed.map((p) => p.seoSlug).slice(0, 2)).toEqual(['post-99999', 'post-99998'])
		// One sitemap holds 50,000 URLs at most: the rest go into the next.
		expect(await sitemapPostParts(database.db)).toHaveLength(2)
		expect(await sitemapPosts(database.db, 1)).toHaveLength(50_000)
		expect(await sitemapPosts(database.db, 2)).toHaveLength(visible - 50_000)
		expect(await sitemapPosts(database.db, 3)).toEqual([])
		// Oldest first, so a new post joins the last part: posts-2.xml holds the overflow, the newest posts.
		const second = (await sitemapFile(database.db, 'https://example.com', 'posts-2.xml')) ?? ''
		expect(second.match(/<url>/g)).toHaveLength(visible - 50_000)
		expect(second).toContain('<loc>https://example.com/blog/post-99999</loc>')
		expect(second).not.toContain('<loc>https://example.com/blog/post-1</loc>')
		expect((await sitemapPosts(database.db, 1))[0]?.path).toBe('/blog/post-1')
		const index = await sitemapIndex(database.db, 'https://example.com')
		expect([...index.matchAll(/\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
			'pages.xml',
			'posts-1.xml',
			'posts-2.xml',
			'archives-1.xml',
		])
		expect(await sitemapFile(database.db, 'https://example.com', 'posts-3.xml')).toBeNull()

		const indexPlan = await selectRows<Record<string, string>>(
			database.db,
			sql`EXPLAIN SELECT id FROM blog_posts WHERE published_at <= now()
				ORDER BY published_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 12 OFFSET 60000`,
		)
		expect(indexPlan.map((row) => Object.values(row).join(' ')).join('\n')).toContain('blog_posts_published_at_idx')
		const slug = await selectRows<Record<string, string>>(
			database.db,
			sql`EXPLAIN SELECT id FROM blog_posts WHERE seo_slug = 'post-1'`,
		)
		expect(slug.map((row) => Object.values(row).join(' ')).join('\n')).toContain('blog_posts_seo_slug_key')
	}, 60_000)

	it(`serves archives, search and related posts among ${MANY} posts from index scans`, async () => {
		await database.db.delete(blogPosts)
		// Post i: category "Cat i%12" and "Guides" (all); tag "tag-i%40", "rare" on every 10,000th; a word of its own.
		await database.db.execute(sql`
			INSERT INTO blog_posts (title, seo_slug, published_at, excerpt, content, categories, tags)
			SELECT 'Post ' || i, 'post-' || i, timestamptz '2020-01-01' + i * interval '1 minute', 'Excerpt ' || i,
				'Parked domains become developed sites. Word' || i || ' ends it.',
				jsonb_build_array('Cat ' || (i % 12), 'Guides'),
				jsonb_build_array('tag-' || (i % 40), CASE WHEN i % 10000 = 0 THEN 'rare' END)
			FROM generate_series(1, ${MANY}) AS i`)
		await database.db.execute(sql`ANALYZE blog_posts`)
		clearBlogCache()

		const rare = await archivePage(database.db, 'tag', 'rare', null)
		expect(slugsOf(rare.posts)).toEqual(Array.from({ length: 10 }, (_, n) => `post-${(10 - n) * 10000}`))
		const guides = await archivePage(database.db, 'category', 'guides', '5000')
		expect(guides.posts).toHaveLength(12)
		expect(guides.term?.count).toBe(MANY)
		const found = await blogSearch(database.db, 'word77777', null)
		expect(slugsOf(found.results)).toEqual(['post-77777'])
		expect(slugsOf((await articlePage(database.db, 'post-50000', [])).related)).toHaveLength(3)

		const rarePlan = await plan(database, termPostsQuery({ kind: 'tag', names: ['rare'], count: 10 }, 1))
		expect(rarePlan).toContain('blog_posts_tag_names_idx')
		const guidesPlan = await plan(database, termPostsQuery({ kind: 'category', names: ['Guides'], count: MANY }, 5000))
		expect(guidesPlan).toContain('blog_posts_published_at_idx')
		expect(
			await plan(
				database,
				sql`SELECT id FROM blog_posts WHERE search @@ websearch_to_tsquery('english'::regconfig, 'word77777')`,
			),
		).toContain('blog_posts_search_idx')
	}, 180_000)
})
