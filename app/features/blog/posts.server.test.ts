import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '#app/db/client.server.ts'
import { blogPosts } from '#app/db/schema.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { articlePage } from './article.server.ts'
import { importPosts } from './import.server.ts'
import { blogListPage, clearBlogCache, getPostBySlug, isPossibleSlug } from './posts.server.ts'
import { emptySidebar } from './types.ts'

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
	const database = withTestDatabase(driver)
	afterAll(async () => {})

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
})
