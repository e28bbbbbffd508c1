import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogPosts, operators } from '#app/db/schema.ts'
import { articlePage } from '#app/features/blog/article.server.ts'
import { articleSeo } from '#app/features/blog/blog-seo.server.ts'
import { clearBlogCache, listPublishedPosts } from '#app/features/blog/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { finishImageCopies, type StoredImage, storeImage } from './media.server.ts'
import { featuredMedia, ownMediaHash } from './responsive.server.ts'

const hash = 'ab'.repeat(32)

describe('our image addresses', () => {
	it('are /media/<sha256>.<extension> paths; anything else is shown as given', () => {
		expect(ownMediaHash(`/media/${hash}.webp`)).toBe(hash)
		for (const address of [
			null,
			`https://cdn.example/media/${hash}.webp`,
			`/media/${hash}.svg`,
			`/media/${hash.toUpperCase()}.jpg`,
			`/media/${hash}.jpg?size=2`,
			`/images/${hash}.jpg`,
			'/covers/parked.svg',
		]) {
			expect([address, ownMediaHash(address)]).toEqual([address, null])
		}
	})
})

describe.each(databaseDrivers())('featured images on $name', (driver) => {
	const database = withTestDatabase(driver)
	let image: StoredImage
	const external = 'https://images.example/cover.jpg'

	beforeAll(async () => {
		const [operator] = await database.db
			.insert(operators)
			.values({ email: 'ada@example.com', display_name: 'Ada', password_hash: 'not-a-hash' })
			.returning({ id: operators.id })
		const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#884422' } })
			.jpeg()
			.toBuffer()
		const outcome = await storeImage(database.db, {
			bytes: photo,
			originalName: 'cover.jpg',
			by: operator?.id ?? 0,
			clientAddress: '203.0.113.9',
		})
		if (!outcome.ok) throw new Error(outcome.message)
		await finishImageCopies(database.db, outcome.image.id)
		image = outcome.image
		const post = (slug: string, featured: string, days: number) => ({
			title: slug,
			seo_slug: slug,
			content: 'Words.',
			featured_image: featured,
			featured_image_alt: `Cover of ${slug}`,
			published_at: new Date(Date.UTC(2026, 0, days)),
		})
		await database.db
			.insert(blogPosts)
			.values([post('uploaded-cover', image.url, 2), post('external-cover', external, 1)])
		clearBlogCache()
	})
	afterAll(async () => {
		clearBlogCache()
	})

	it('gives an uploaded image AVIF and WebP sources at each width, its own size, and a 1200x630 share image', async () => {
		const found = await featuredMedia(database.db, [image.url, external, `/media/${hash}.jpg`, null])
		expect([...found.keys()]).toEqual([image.url])
		const media = found.get(image.url)
		expect(media?.picture.width).toBe(2000)
		expect(media?.picture.height).toBe(1000)
		expect(media?.picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp'])
		for (const source of media?.picture.sources ?? []) {
			const extension = source.type.slice('image/'.length)
			const candidates = source.srcSet.split(', ')
			expect(candidates.map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '960w', '1440w'])
			for (const candidate of candidates)
				expect(candidate).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\.${extension} \\d+w$`))
		}
		expect(media?.share).toEqual({
			url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.jpg$/),
			width: 1200,
			height: 630,
		})
	})

	it('puts the sources on the blog cards and the article, and shares the article with its 1200x630 copy', async () => {
		const { posts } = await listPublishedPosts(database.db, 1)
		expect(posts.map((post) => [post.seoSlug, post.featuredPicture?.sources.length ?? 0])).toEqual([
			['uploaded-cover', 2],
			['external-cover', 0],
		])

		const { article } = await articlePage(database.db, 'uploaded-cover', [])
		if (!article?.shareImage) throw new Error('no share image')
		expect(article.featuredImage).toBe(image.url)
		expect(article.featuredPicture?.sources).toHaveLength(2)
		const site = siteConfig().siteUrl
		const tags = articleSeo(article)
		const property = (name: string) =>
			tags
				.filter((tag) => 'property' in tag && tag.property === name)
				.map((tag) => ('content' in tag ? tag.content : null))
		expect(property('og:image')).toEqual([`${site}${article.shareImage.url}`])
		expect([property('og:image:width'), property('og:image:height')]).toEqual([['1200'], ['630']])

		const other = (await articlePage(database.db, 'external-cover', [])).article
		expect([other?.featuredPicture, other?.shareImage]).toEqual([undefined, undefined])
		if (!other) throw new Error('no article')
		const otherTags = articleSeo(other)
		expect(otherTags).toContainEqual({ property: 'og:image', content: external })
		expect(otherTags.some((tag) => 'property' in tag && tag.property === 'og:image:width')).toBe(false)
	})
})
