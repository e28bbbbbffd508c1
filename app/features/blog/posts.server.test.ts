import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { blogPosts } from '#app/db/schema.ts'
import { databaseDrivers, type TestDatabase } from '../../../tests/support/databases.ts'
import { tempDir } from '../../../tests/support/temp-dir.ts'
import { articlePage } from './article.server.ts'
import { importPosts } from './import.server.ts'
import {
	blogListPage,
	blogSidebar,
	clearBlogCache,
	feedPosts,
	getPostBySlug,
	isPossibleSlug,
	listPublishedPosts,
	sitemapPostParts,
	sitemapPosts,
} from './posts.server.ts'
import { sitemapFile, sitemapIndex } from './sitemaps.server.ts'
import { emptySidebar } from './types.ts'

const MANY = 100_000

/** A database that fails the test when anything asks it anything. */
const unreachable = new Proxy(
	{},
	{
		get: () => {
			throw new Error('the database was asked')
		},
	},
) as unknown as Database

/** Slugs of posts `from` down to `to`, the order the list shows them in. */
const slugs = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, n) => `post-${from - n}`)

describe.each(databaseDrivers())('blog posts on $name', (driver) => {
	let database: TestDatabase
	beforeAll(async () => {
		database = await driver.create()
	})
	afterAll(async () => {
		await database?.dispose()
	})

	it('imports Markdown, HTML and JSON, reports bad front matter by file and field, and upserts by seo_slug', async () => {
		const dir = tempDir('blog-import-')
		fs.writeFileSync(
			path.join(dir, 'a.md'),
			'---\ntitle: First\nseo_slug: first\npublished_at: 2026-01-02\ncategories: [Guides, {name: SEO}]\ntags: [parking]\nauthor: Ana\n---\nHello **world**\n',
		)
		fs.writeFileSync(
			path.join(dir, 'b.html'),
			'---\ntitle: Second\nseo_slug: second\npublished_at: 2026-01-03T10:00:00Z\n---\n<p>Body</p>\n',
		)
		fs.writeFileSync(path.join(dir, 'bad.md'), '---\ntitle: Bad\nseo_slug: Not A Slug\npublished_at: soon\n---\nx\n')
		fs.writeFileSync(path.join(dir, 'broken.md'), '---\ntitle: [unclosed\n---\nx\n')
		const report = await importPosts(database.db, dir)
		expect(report.imported).toEqual(['first', 'second'])
		expect(report.errors).toHaveLength(2)
		expect(report.errors[0]).toMatch(/^bad\.md: seo_slug: expected .*; published_at: expected a date/)
		expect(report.errors[1]).toMatch(/^broken\.md: front matter is not valid YAML/)

		const first = await getPostBySlug(database.db, 'first')
		expect(first).toMatchObject({
			title: 'First',
			content: 'Hello **world**',
			bodyhtml: null,
			categories: ['Guides', { name: 'SEO' }],
			author: { name: 'Ana', image: null },
		})
		expect((await getPostBySlug(database.db, 'second'))?.bodyhtml).toBe('<p>Body</p>')

		const before = first?.updated_at
		await importPosts(database.db, dir)
		expect((await getPostBySlug(database.db, 'first'))?.updated_at).toEqual(before)

		const json = path.join(dir, 'export.json')
		fs.writeFileSync(
			json,
			JSON.stringify([{ title: 'First, edited', seo_slug: 'first', published_at: '2026-01-02T00:00:00Z', tags: null }]),
		)
		expect((await importPosts(database.db, json)).imported).toEqual(['first'])
		const edited = await getPostBySlug(database.db, 'first')
		expect(edited?.title).toBe('First, edited')
		expect(edited?.updated_at.getTime()).toBeGreaterThan(before?.getTime() ?? 0)
		await database.db.delete(blogPosts)
		clearBlogCache()
	})

	/** Leaves posts 1..count published (post n n minutes after 2026), one scheduled post, and a cold cache. */
	async function seedPosts(count: number) {
		await database.db.delete(blogPosts)
		await database.db.execute(sql`
			INSERT INTO blog_posts (title, seo_slug, published_at)
			SELECT 'Post ' || i, 'post-' || i, timestamptz '2026-01-01' + i * interval '1 minute'
			FROM generate_series(1, ${count}) AS i
			UNION ALL SELECT 'Later', 'later', now() + interval '1 day'`)
		clearBlogCache()
	}

	it('reads 13 rows to show 12, so Next shows only when a next page exists, also at an exact multiple of 12', async () => {
		await seedPosts(12)
		const only = await blogListPage(database.db, null)
		expect(only.posts.map((post) => post.seoSlug)).toEqual(slugs(12, 1))
		expect(only).toMatchObject({ page: 1, hasNext: false, notFound: null })
		expect(await blogListPage(database.db, '2')).toEqual({
			page: 2,
			posts: [],
			hasNext: false,
			notFound: 'There is no page 2 of the blog.',
		})

		await seedPosts(24)
		expect(await blogListPage(database.db, '1')).toMatchObject({ page: 1, hasNext: true, notFound: null })
		const second = await blogListPage(database.db, '2')
		expect(second.posts.map((post) => post.seoSlug)).toEqual(slugs(12, 1))
		expect(second).toMatchObject({ page: 2, hasNext: false, notFound: null })
		expect((await blogListPage(database.db, '3')).notFound).toBe('There is no page 3 of the blog.')

		await seedPosts(25)
		expect(await blogListPage(database.db, '2')).toMatchObject({ hasNext: true, notFound: null })
		expect(await blogListPage(database.db, '3')).toMatchObject({ posts: [{ seoSlug: 'post-1' }], hasNext: false })
		expect((await blogListPage(database.db, '7')).notFound).toBe('There is no page 7 of the blog.')
		expect((await blogListPage(database.db, '9999999')).notFound).toBe('There is no page 9999999 of the blog.')

		// No posts at all: the first page is the empty state, not a missing page.
		await seedPosts(0)
		expect(await blogListPage(database.db, null)).toEqual({ page: 1, posts: [], hasNext: false, notFound: null })
		await database.db.delete(blogPosts)
		clearBlogCache()
	})

	it('says a page number that is not one was asked for, quoted and cut short, without asking the database', async () => {
		const asked = {
			abc: '"abc"',
			'-1': '"-1"',
			'0': '"0"',
			'1.5': '"1.5"',
			'01': '"01"',
			'99999999': '"99999999"',
			'': '""',
			'\0<b>"': '"\\u0000<b>\\""',
			[`${'9'.repeat(40)}tail`]: `"${'9'.repeat(40)}"`,
		}
		for (const [page, shown] of Object.entries(asked)) {
			expect(await blogListPage(unreachable, page)).toEqual({
				page: 1,
				posts: [],
				hasNext: false,
				notFound: `There is no page ${shown} of the blog.`,
			})
		}
	})

	it('finds no post for a slug no post can have, without asking the database', async () => {
		const impossible = ['\0', 'post-1\0', 'Post-1', 'two words', 'a--b', '-a', 'a/b', 'caf\u00e9', 'x'.repeat(201)]
		for (const slug of impossible) {
			expect(isPossibleSlug(slug)).toBe(false)
			expect(await articlePage(unreachable, slug, [])).toEqual({ article: null, sidebar: emptySidebar, related: [] })
		}
		expect(isPossibleSlug('post-1')).toBe(true)
		expect(isPossibleSlug('x'.repeat(200))).toBe(true)
		// What those slugs no longer reach: PostgreSQL text cannot hold a NUL.
		await expect(getPostBySlug(database.db, 'post-1\0')).rejects.toThrow()
	})

	it('gives a post without words no reading time', async () => {
		await database.db.delete(blogPosts)
		await database.db.execute(sql`
			INSERT INTO blog_posts (title, seo_slug, published_at, content, bodyhtml) VALUES
				('Empty', 'empty', '2026-01-01', NULL, NULL),
				('Picture', 'picture', '2026-01-01', NULL, '<p><img src="/chart.png" alt="A chart"></p>'),
				('Short', 'short', '2026-01-01', 'Just a few words.', NULL),
				('Long', 'long', '2026-01-01', repeat('word ', 401), NULL)`)
		clearBlogCache()
		const minutes = async (slug: string) => (await articlePage(database.db, slug, [])).article?.minutes
		expect(await minutes('empty')).toBeNull()
		expect(await minutes('picture')).toBeNull()
		expect(await minutes('short')).toBe(1)
		expect(await minutes('long')).toBe(3)
		expect((await articlePage(database.db, 'short', [])).sidebar.recent).toHaveLength(4)
		await database.db.delete(blogPosts)
		clearBlogCache()
	})

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

		const plan = await selectRows<Record<string, string>>(
			database.db,
			sql`EXPLAIN SELECT id FROM blog_posts WHERE published_at <= now()
				ORDER BY published_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 12 OFFSET 60000`,
		)
		expect(plan.map((row) => Object.values(row).join(' ')).join('\n')).toContain('blog_posts_published_at_idx')
		const slug = await selectRows<Record<string, string>>(
			database.db,
			sql`EXPLAIN SELECT id FROM blog_posts WHERE seo_slug = 'post-1'`,
		)
		expect(slug.map((row) => Object.values(row).join(' ')).join('\n')).toContain('blog_posts_seo_slug_key')
	}, 60_000)
})
