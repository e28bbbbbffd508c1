import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { pages } from '#app/content/pages.ts'
import { expect, test } from '#tests/support/test.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { auditedRoutes } from '../support/site-routes.ts'
import { tempDir } from '../support/temp-dir.ts'

/** A meta tag's content by its property or name, as the server HTML has it. */
function metaContent(html: string, key: string) {
	const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)
	return tag?.[1]?.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')
}

/** The image a page shares, fetched as a network does: status, type and size. */
async function fetchedImage(server: RunningServer, image: string) {
	const answer = await fetch(new URL(new URL(image).pathname, server.url))
	const bytes = Buffer.from(await answer.arrayBuffer())
	const { width, height, format } = answer.ok ? await sharp(bytes).metadata() : {}
	return { status: answer.status, type: answer.headers.get('content-type'), width, height, format }
}

/** Posts imported without an image of the site's own: one with none, one with an address elsewhere. */
const importedPosts = [
	{ slug: 'no-image-at-all', title: 'A post without any featured image', image: '' },
	{
		slug: 'image-from-elsewhere',
		title: 'A post whose image lives on another site',
		image: 'featured_image: https://images.example.net/photo.jpg\n',
	},
]

test.describe('share images', () => {
	let server: RunningServer
	test.beforeAll(async () => {
		const content = tempDir('share-images-content-')
		for (const post of importedPosts) {
			fs.writeFileSync(
				path.join(content, `${post.slug}.md`),
				`---\ntitle: "${post.title}"\nseo_slug: ${post.slug}\npublished_at: 2026-05-01T09:00:00Z\n${post.image}---\nText.\n`,
			)
		}
		for (const sample of fs.readdirSync('content/blog')) {
			fs.copyFileSync(path.join('content/blog', sample), path.join(content, sample))
		}
		server = await startServer({ env: { BLOG_CONTENT_DIR: content } })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	test('are, on every route and every post, a 1200x630 raster image that answers 200, with its size and alt text', async () => {
		const blog = await (await fetch(`${server.url}/blog`)).text()
		const posts = [...new Set([...blog.matchAll(/href="(\/blog\/[^"?#./]+)"/g)].map((match) => match[1] ?? ''))]
		expect(posts.length).toBeGreaterThan(5)
		const checked = new Set<string>()
		for (const route of [...(await auditedRoutes(server.url)), ...posts]) {
			const html = await (await fetch(`${server.url}${route}`)).text()
			const image = metaContent(html, 'og:image')
			expect(image, route).toBeTruthy()
			expect(metaContent(html, 'twitter:image'), route).toBe(image)
			expect(metaContent(html, 'twitter:card'), route).toBe('summary_large_image')
			expect(metaContent(html, 'og:image:alt'), route).toBeTruthy()
			expect([metaContent(html, 'og:image:width'), metaContent(html, 'og:image:height')], route).toEqual([
				'1200',
				'630',
			])
			if (checked.has(image ?? '')) continue
			checked.add(image ?? '')
			// The image as a network fetches it, from this server.
			const { status, type, width, height, format } = await fetchedImage(server, image ?? '')
			expect([route, status], image).toEqual([route, 200])
			expect(type, image).toMatch(/^image\/(png|jpeg|gif|webp)$/)
			expect({ width, height, format: ['png', 'jpeg', 'gif', 'webp'].includes(format ?? '') }, image).toEqual({
				width: 1200,
				height: 630,
				format: true,
			})
		}
		// At least one made from a post's SVG.
		expect([...checked].some((image) => image.endsWith('.share.png'))).toBe(true)
	})

	test('gives every static page its own card, made at build time, with the page title as its alt text', async () => {
		const shared = new Map<string, string>()
		for (const page of Object.values(pages)) {
			const html = await (await fetch(`${server.url}${page.path}`)).text()
			const image = metaContent(html, 'og:image') ?? ''
			expect(new URL(image).pathname, page.path).toMatch(/^\/share\/\w+\.jpg$/)
			expect(metaContent(html, 'og:image:alt'), page.path).toBe(page.title)
			shared.set(page.path, image)
			expect(await fetchedImage(server, image), page.path).toMatchObject({
				status: 200,
				type: 'image/jpeg',
				width: 1200,
				height: 630,
			})
		}
		expect(new Set(shared.values()).size).toBe(shared.size)
	})

	test('gives a post without an image of its own a card of its title, made once it is imported', async () => {
		for (const post of importedPosts) {
			// The server makes imported posts' cards in the background as it starts.
			await expect
				.poll(async () => metaContent(await (await fetch(`${server.url}/blog/${post.slug}`)).text(), 'og:image'), {
					timeout: 30_000,
				})
				.toMatch(/\/media\/[0-9a-f]{64}\.jpg$/)
			const html = await (await fetch(`${server.url}/blog/${post.slug}`)).text()
			const image = metaContent(html, 'og:image') ?? ''
			expect(metaContent(html, 'og:image:alt'), post.slug).toBe(post.title)
			expect([metaContent(html, 'og:image:width'), metaContent(html, 'og:image:height')]).toEqual(['1200', '630'])
			expect(await fetchedImage(server, image), post.slug).toMatchObject({
				status: 200,
				type: 'image/jpeg',
				width: 1200,
				height: 630,
			})
		}
	})
})
