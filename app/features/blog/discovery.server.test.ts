import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { blogPosts } from '#app/db/schema.ts'
import { databaseDrivers, type TestDatabase, withTestDatabase } from '#tests/support/databases.ts'
import { archivePage, findTerm } from './archives.server.ts'
import { articlePage } from './article.server.ts'
import { announceContentChange } from './content-changes.server.ts'
import { feedChannel, rssXml } from './feed.server.ts'
import { importedPostSchema } from './import.server.ts'
import { blogListPage, blogSidebar, cachedBlogQuery, clearBlogCache, feedPosts } from './posts.server.ts'
import { blogSearch, isStatementTimeout, searchStatus, snippetParts, withStatementTimeout } from './search.server.ts'
import { sitemapFile, sitemapIndex } from './sitemaps.server.ts'

const SITE = 'https://example.com'
const site = { siteUrl: SITE, brandName: 'Domain Rebels' } as Parameters<typeof rssXml>[0]

const slugsOf = (posts: { seoSlug: string }[]) => posts.map((post) => post.seoSlug)

/** A database that fails every query: what an answer given without asking the database can be called with. */
const unreachable = {
	execute: () => Promise.reject(new Error('no query expected')),
	transaction: () => Promise.reject(new Error('no query expected')),
} as unknown as Database

// What XML 1.0 cannot hold.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is looked for.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u

describe('search snippets', () => {
	it('take only what one pair of markers encloses as a match, whatever stray markers a text holds', () => {
		expect(snippetParts('a \u0001b\u0002 c')).toEqual([
			{ text: 'a ', match: false },
			{ text: 'b', match: true },
			{ text: ' c', match: false },
		])
		expect(snippetParts('\u0001x \u0001y\u0002 z\u0002')).toEqual([
			{ text: 'x ', match: false },
			{ text: 'y', match: true },
			{ text: ' z', match: false },
		])
		expect(snippetParts('\u0002forged\u0001')).toEqual([{ text: 'forged', match: false }])
	})
})

/** EXPLAIN of a query as one text. */
async function _plan(database: TestDatabase, query: ReturnType<typeof sql>) {
	const rows = await selectRows<Record<string, string>>(database.db, sql`EXPLAIN ${query}`)
	return rows.map((row) => Object.values(row).join(' ')).join('\n')
}

describe.each(databaseDrivers())('blog archives, search, related posts, feeds and sitemaps on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})

	/** Post i published i days after 2026-01-01; one draft and one scheduled post that must never show. */
	async function seed(rows: string) {
		await database.db.delete(blogPosts)
		await database.db.execute(
			sql.raw(`INSERT INTO blog_posts (title, seo_slug, published_at, status, excerpt, content, bodyhtml, categories, tags) VALUES ${rows},
			('Draft', 'draft', '2026-01-01', 'draft', NULL, 'zanzibar', NULL, '["Guides", "Secret"]', '["hidden"]'),
			('Later', 'later', now() + interval '1 day', 'published', NULL, 'zanzibar', NULL, '["Guides", "Secret"]', '["hidden"]')`),
		)
		clearBlogCache()
	}

	describe('with a few posts', () => {
		beforeEach(async () => {
			await seed(`
				('Parked pages', 'parked', '2026-01-02', 'published', 'About parking', 'Parked pages earn little.', NULL, '["Guides", {"name": "SEO"}]', '["parking", "seo"]'),
				('Selling domains', 'selling', '2026-01-03', 'published', 'About selling', 'Sell to *end users*.', NULL, '["Sales"]', '["parking"]'),
				('Verified handles', 'verified', '2026-01-04', 'published', 'About social', NULL, '<p>Claim the <b>quokka</b> handle &amp; <a href="/pricing">more</a> <script>alert(1)</script></p>', '["Social", " seo "]', '["verification"]'),
				('Café notes', 'cafe', '2026-01-05', 'published', '', 'Notes.', NULL, '["Café Guides"]', '["日本"]'),
				('Expiry', 'expiry', '2026-01-06', 'published', 'Track expiry', 'Renew on time.', NULL, '[]', '[]')`)
		})

		it('lists a term’s published posts newest first, merges names of one slug and counts them', async () => {
			const seo = await archivePage(database.db, 'category', 'seo', null)
			expect(seo.term).toEqual({ kind: 'category', slug: 'seo', name: 'SEO', count: 2 })
			expect(slugsOf(seo.posts)).toEqual(['verified', 'parked'])
			expect(seo.notFound).toBeNull()
			const guides = await archivePage(database.db, 'category', 'guides', null)
			expect(slugsOf(guides.posts)).toEqual(['parked'])
			expect(guides.term?.count).toBe(1)
			expect(slugsOf((await archivePage(database.db, 'category', 'café-guides', null)).posts)).toEqual(['cafe'])
			expect(slugsOf((await archivePage(database.db, 'tag', '日本', null)).posts)).toEqual(['cafe'])
			expect(slugsOf((await archivePage(database.db, 'tag', 'parking', null)).posts)).toEqual(['selling', 'parked'])
			// Kinds keep their own terms: "seo" is a tag of one post and a category of two.
			expect((await archivePage(database.db, 'tag', 'seo', null)).term?.count).toBe(1)
		})

		it('answers 404 for an unknown term, a slug no name gives, a page past the end or not a number', async () => {
			for (const slug of ['secret', 'hidden', 'nothing', 'SEO', 'a\0', '-seo'])
				expect((await archivePage(database.db, 'category', slug, null)).notFound).toBe(
					'There is no category with this address on the blog.',
				)
			expect((await archivePage(database.db, 'tag', 'hidden', null)).term).toBeNull()
			expect((await archivePage(database.db, 'category', 'seo', '2')).notFound).toBe(
				'There is no page 2 of Category: SEO.',
			)
			expect((await archivePage(database.db, 'category', 'seo', 'x<b>')).notFound).toBe(
				'There is no page "x<b>" of Category: SEO.',
			)
		})

		it('links the sidebar to merged terms and follows console edits at once', async () => {
			const sidebar = await blogSidebar(database.db)
			expect(sidebar.categories).toContainEqual({ name: 'SEO', count: 2 })
			expect(sidebar.categories.map((c) => c.name)).not.toContain('Secret')
			expect(sidebar.tags[0]).toBe('parking')

			await database.db.execute(sql`UPDATE blog_posts SET categories = '["Sales"]' WHERE seo_slug = 'parked'`)
			await announceContentChange(database.db)
			expect(slugsOf((await archivePage(database.db, 'category', 'sales', null)).posts)).toEqual(['selling', 'parked'])
			expect((await archivePage(database.db, 'category', 'guides', null)).term).toBeNull()
			expect(await findTerm(database.db, 'category', 'guides')).toBeNull()
		})

		it('finds a word of one post’s body first, highlighted, with no markup from the post in the snippet', async () => {
			const found = await blogSearch(database.db, 'quokka', null)
			expect(slugsOf(found.results)).toEqual(['verified'])
			const snippet = found.results[0]?.snippet ?? []
			expect(snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['quokka'])
			const text = snippet.map((part) => part.text).join('')
			expect(text).toContain('Claim the quokka handle')
			expect(text).not.toMatch(/[<>]|&amp;|href|script>/)
			// Stemmed, ranked: a title match weighs more than a body match.
			expect(slugsOf((await blogSearch(database.db, 'park', null)).results)).toEqual(['parked', 'selling'])
			expect(slugsOf((await blogSearch(database.db, 'domains', null)).results)).toEqual(['selling'])
			expect(slugsOf((await blogSearch(database.db, 'zanzibar', null)).results)).toEqual([])
			expect((await blogSearch(database.db, '"end users" -expiry', null)).results.map((r) => r.seoSlug)).toEqual([
				'selling',
			])
		})

		it('answers any input without an error: empty, too long, operators, quotes, markup, control characters', async () => {
			expect(await blogSearch(database.db, '  ', null)).toMatchObject({ problem: 'empty', results: [] })
			expect(await blogSearch(database.db, null, null)).toMatchObject({ problem: 'empty' })
			const long = await blogSearch(database.db, 'a'.repeat(201), null)
			expect(long.problem).toBe('too-long')
			expect(searchStatus(long)).toBe(400)
			expect(searchStatus(await blogSearch(database.db, 'quokka', '2'))).toBe(404)
			expect(searchStatus(await blogSearch(database.db, 'quokka', 'abc'))).toBe(404)
			for (const query of [
				"'",
				'"',
				'!',
				'&|!<->:*',
				'(()',
				'or or -',
				'<script>alert(1)</script>',
				'a\0b',
				'\\',
				'🦘',
			])
				expect(searchStatus(await blogSearch(database.db, query, null))).toBe(200)
			await fc.assert(
				fc.asyncProperty(fc.string({ maxLength: 200, unit: 'grapheme' }), async (query) => {
					const view = await blogSearch(database.db, query, null)
					expect([200, 400]).toContain(searchStatus(view))
				}),
				{ numRuns: 150 },
			)
		})

		it('refuses searches that ask too much (400) and pages past the last shown (404) without a query', async () => {
			const refused = [
				'one two three four five six seven eight nine',
				'parked OR domains OR quokka OR selling',
				'"parked pages" "end users" "quokka handle" "selling domains"',
			]
			for (const query of refused) {
				const view = await blogSearch(database.db, query, null)
				expect(view).toMatchObject({ problem: 'too-complex', results: [] })
				expect(searchStatus(view)).toBe(400)
			}
			// Stop words do not count: eight words and the, of, a, is.
			expect(
				searchStatus(await blogSearch(database.db, 'the parked of a pages is quokka selling domains end users', null)),
			).toBe(200)
			expect(searchStatus(await blogSearch(database.db, '"parked pages" OR quokka OR "end users"', null))).toBe(200)
			const deep = await blogSearch(unreachable, 'quokka', '51')
			expect(deep).toMatchObject({ problem: 'no-page', notFound: 'There is no page 51 of these results.' })
			expect(searchStatus(deep)).toBe(404)
			// A search asked again within the minute is answered from memory.
			await blogSearch(database.db, 'quokka', null)
			expect(slugsOf((await blogSearch(unreachable, 'quokka', null)).results)).toEqual(['verified'])
		})

		it('gives up a search PostgreSQL takes too long over (PGlite cannot cancel one)', async () => {
			const sleep = withStatementTimeout(database.db, 50, (tx) => tx.execute(sql`SELECT pg_sleep(0.5)`))
			if (driver.name === 'postgres') expect(isStatementTimeout(await sleep.catch((error) => error))).toBe(true)
			else await sleep
			expect(isStatementTimeout(new Error('other'))).toBe(false)
		})

		it('lets no excerpt forge a highlight', async () => {
			await database.db.execute(
				sql`UPDATE blog_posts SET excerpt = ${'A \u0001forged\u0002 word'} WHERE seo_slug = 'verified'`,
			)
			clearBlogCache()
			const snippet = (await blogSearch(database.db, 'quokka', null)).results[0]?.snippet ?? []
			expect(snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['quokka'])
			expect(snippet.map((part) => part.text).join('')).toContain('forged word')
		})

		it('answers pages past the end from the counts, without a query, and keeps the aggregates through a flood', async () => {
			await archivePage(database.db, 'category', 'seo', null)
			await blogListPage(database.db, null)
			await sitemapIndex(database.db, SITE)
			for (let n = 0; n < 1_100; n++) await cachedBlogQuery(`flood:${n}`, async () => n)
			expect((await archivePage(unreachable, 'category', 'seo', '2')).notFound).toBe(
				'There is no page 2 of Category: SEO.',
			)
			expect((await archivePage(unreachable, 'category', 'seo', '9999999')).posts).toEqual([])
			expect((await blogListPage(unreachable, '9999999')).notFound).toBe('There is no page 9999999 of the blog.')
			expect(await sitemapFile(unreachable, SITE, 'posts-2.xml')).toBeNull()
			expect(await sitemapFile(unreachable, SITE, 'posts-999999.xml')).toBeNull()
		})

		it('shows a term without letters or digits in the sidebar as text, without an archive', async () => {
			await database.db.execute(sql`UPDATE blog_posts SET tags = '["🚀", "#"]' WHERE seo_slug = 'expiry'`)
			clearBlogCache()
			expect((await blogSidebar(database.db)).tags).toEqual(expect.arrayContaining(['🚀', '#']))
			const index = await sitemapIndex(database.db, SITE)
			expect(await sitemapFile(database.db, SITE, 'archives-1.xml')).not.toContain('/blog/tag/<')
			expect(index).toContain('archives-1.xml')
			expect((await archivePage(database.db, 'tag', '🚀', null)).term).toBeNull()
		})

		it('indexes the first 200,000 characters of a huge body, and the import refuses a body over the limit', async () => {
			// About 1.4 MB of distinct words: more than one tsvector can hold.
			await database.db.execute(sql`
				INSERT INTO blog_posts (title, seo_slug, published_at, content)
				SELECT 'Huge', 'huge', '2026-01-08', 'firstword ' || string_agg('w' || i, ' ') FROM generate_series(1, 200000) AS i`)
			clearBlogCache()
			expect(slugsOf((await blogSearch(database.db, 'firstword', null)).results)).toEqual(['huge'])
			const post = { title: 'T', seo_slug: 't', published_at: '2026-01-01' }
			expect(importedPostSchema.safeParse({ ...post, content: 'a'.repeat(200_000) }).success).toBe(true)
			expect(importedPostSchema.safeParse({ ...post, content: 'a'.repeat(200_001) }).success).toBe(false)
			expect(importedPostSchema.safeParse({ ...post, bodyhtml: 'a'.repeat(200_001) }).success).toBe(false)
		})

		it('ends an article with up to 3 related posts: categories weigh more, then newest, the newest when none share', async () => {
			await database.db.execute(sql`
				INSERT INTO blog_posts (title, seo_slug, published_at, categories, tags) VALUES
					('Two tags', 'two-tags', '2026-01-07', '[]', '["parking", "seo"]'),
					('One category', 'one-category', '2026-01-01', '["Guides"]', '[]'),
					('Category and tag', 'both', '2025-12-01', '["Guides"]', '["seo"]')`)
			clearBlogCache()
			const related = async (slug: string) => slugsOf((await articlePage(database.db, slug, [])).related)
			// parked has Guides, SEO / parking, seo. both: 2 + 1; two-tags: 1 + 1, verified (" seo ", the same category)
			// and one-category: 2, the newer first.
			expect(await related('parked')).toEqual(['both', 'two-tags', 'verified'])
			// expiry shares nothing: the newest posts.
			expect(await related('expiry')).toEqual(['two-tags', 'cafe', 'verified'])
			// Tags compare by slug: SEO on one post and seo on another are one tag.
			await database.db.execute(sql`UPDATE blog_posts SET tags = '["SEO"]' WHERE seo_slug = 'expiry'`)
			clearBlogCache()
			expect(await related('expiry')).toEqual(['two-tags', 'parked', 'both'])
			// cafe shares nothing with published posts either; never itself, never a draft or a scheduled post.
			const cafe = await related('cafe')
			expect(cafe).toHaveLength(3)
			expect(cafe).not.toContain('cafe')
			expect(cafe).not.toContain('draft')
			expect(cafe).not.toContain('later')
		})

		it('carries full sanitised content with absolute URLs in the feeds, and a feed per category', async () => {
			const options = { embedHosts: [], siteUrl: SITE }
			const items = await feedPosts(database.db, options)
			expect(slugsOf(items)).toEqual(['expiry', 'cafe', 'verified', 'selling', 'parked'])
			const verified = items.find((item) => item.seoSlug === 'verified')
			expect(verified?.html).toContain('<a href="https://example.com/pricing">more</a>')
			expect(verified?.html).not.toContain('script')
			const xml = rssXml(site, items)
			expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"')
			expect(xml).toContain(
				'<content:encoded>&lt;p&gt;Claim the quokka handle &amp;amp; &lt;a href=&quot;https://example.com/pricing&quot;&gt;more&lt;/a&gt;',
			)
			expect(xml).toContain(
				'<description>About selling</description><content:encoded>&lt;p&gt;Sell to &lt;em&gt;end users',
			)

			const seo = await findTerm(database.db, 'category', 'seo')
			if (!seo) throw new Error('no SEO category')
			const categoryXml = rssXml(site, await feedPosts(database.db, options, seo), feedChannel(site, seo))
			expect(categoryXml.match(/<item>/g)).toHaveLength(2)
			expect(categoryXml).toContain('<atom:link href="https://example.com/blog/category/seo/rss.xml" rel="self"')
			expect(categoryXml).toContain('<link>https://example.com/blog/category/seo</link>')
		})

		it('keeps every feed valid XML whatever characters a post holds', async () => {
			await database.db.execute(
				sql`UPDATE blog_posts SET title = ${'Bell \u0007 title'}, excerpt = ${'Form\u000Cfeed'},
					content = ${'Body \u0001 with \u001F marks'}, categories = ${JSON.stringify(['Cat\u0008'])}::jsonb WHERE seo_slug = 'selling'`,
			)
			clearBlogCache()
			const items = await feedPosts(database.db, { embedHosts: [], siteUrl: SITE })
			const xml = rssXml(site, [...items, { ...(items[0] as (typeof items)[0]), title: 'Lone \uD800 \uFFFE' }])
			expect(xml).not.toMatch(NOT_XML)
			expect(xml).toContain('<title>Bell  title</title>')
			expect(xml).toContain('<description>Formfeed</description>')
		})

		it('makes sitemap.xml an index whose sitemaps together list every page, post and archive', async () => {
			const index = await sitemapIndex(database.db, SITE)
			const files = [...index.matchAll(/<loc>https:\/\/example\.com\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1])
			expect(files).toEqual(['pages.xml', 'posts-1.xml', 'archives-1.xml'])
			expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
			const all = (await Promise.all(files.map((file) => sitemapFile(database.db, SITE, file ?? '')))).join('\n')
			for (const path of [
				'/blog',
				'/pricing',
				'/blog/parked',
				'/blog/cafe',
				'/blog/category/seo',
				'/blog/category/caf%C3%A9-guides',
				'/blog/tag/%E6%97%A5%E6%9C%AC',
			])
				expect(all).toContain(`<loc>${SITE}${path}</loc>`)
			expect(all).not.toMatch(/draft|later|secret|hidden/)
			expect(all).toMatch(
				/<loc>https:\/\/example\.com\/blog\/expiry<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/,
			)
			for (const file of ['posts-2.xml', 'archives-2.xml', 'posts-0.xml', 'other.xml', 'posts-1.xml.gz'])
				expect(await sitemapFile(database.db, SITE, file)).toBeNull()
		})
	})
})
