import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { blogPosts } from '#app/db/schema.ts'
import { mediaResponse } from '#app/features/media/serve.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { articlePage } from './article.server.ts'
import { clearBlogCache } from './posts.server.ts'
import { makeDueShareCards, makeShareCard, shareCardOf } from './share-cards.server.ts'

const site = { siteUrl: 'https://www.example.com', brandName: 'Domain Rebels' }

describe.each(databaseDrivers())('share cards on $name', (driver) => {
	const database = withTestDatabase(driver)
	afterAll(async () => {})

	const addPost = async (slug: string, featured: string | null = null) => {
		const [row] = await database.db
			.insert(blogPosts)
			.values({ title: `Title of ${slug}`, seo_slug: slug, content: 'Words.', featured_image: featured })
			.returning({ id: blogPosts.id, title: blogPosts.title })
		if (!row) throw new Error('no post')
		return row
	}

	it('are made for every post due one, served under their hash as 1200x630 JPEGs, and shared by the article', async () => {
		const plain = await addPost('plain')
		const elsewhere = await addPost('elsewhere', 'https://images.example/cover.jpg')
		await addPost('own-image', '/blog/parked-vs-developed.svg')
		expect(await shareCardOf(database.db, plain)).toBeUndefined()
		// The post with an image of the site's own needs none.
		expect(await makeDueShareCards(database.db, site)).toBe(2)
		expect(await makeDueShareCards(database.db, site)).toBe(0)

		const card = await shareCardOf(database.db, plain)
		expect(card).toMatchObject({ url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.jpg$/), width: 1200, height: 630 })
		const file = card?.url.split('/').pop() ?? ''
		const answer = await mediaResponse(database.db, new Request(`https://www.example.com${card?.url}`), file)
		expect(answer.headers.get('content-type')).toBe('image/jpeg')
		expect(answer.headers.get('cache-control')).toContain('immutable')
		expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 })

		clearBlogCache()
		const { article } = await articlePage(database.db, 'elsewhere', [])
		expect(article?.shareCard).toEqual(await shareCardOf(database.db, elsewhere))
	})

	it('are made again when the title changes, and the old card is no longer served', async () => {
		const post = await addPost('renamed')
		await makeShareCard(database.db, site, post)
		const before = await shareCardOf(database.db, post)
		await database.db.update(blogPosts).set({ title: 'A new title' }).where(eq(blogPosts.id, post.id))
		expect(await shareCardOf(database.db, { id: post.id, title: 'A new title' })).toBeUndefined()
		expect(await makeDueShareCards(database.db, site)).toBe(1)
		const after = await shareCardOf(database.db, { id: post.id, title: 'A new title' })
		expect(after?.url).not.toBe(before?.url)
		const oldFile = before?.url.split('/').pop() ?? ''
		expect((await mediaResponse(database.db, new Request('https://www.example.com/'), oldFile)).status).toBe(404)
	})

	it('makes at most 20 a round, the newest posts first, so a large import never crowds out requests', async () => {
		for (let n = 1; n <= 21; n++) {
			await database.db.insert(blogPosts).values({
				title: `Imported ${n}`,
				seo_slug: `imported-${n}`,
				content: 'Words.',
				published_at: new Date(Date.UTC(2026, 0, n)),
			})
		}
		expect(await makeDueShareCards(database.db, site)).toBe(20)
		const [oldest] = await database.db.select().from(blogPosts).where(eq(blogPosts.seo_slug, 'imported-1'))
		expect(await shareCardOf(database.db, { id: oldest?.id ?? 0, title: 'Imported 1' })).toBeUndefined()
		expect(await makeDueShareCards(database.db, site)).toBe(1)
	})
})
