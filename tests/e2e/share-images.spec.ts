import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../support/server.ts'
import { auditedRoutes } from '../support/site-routes.ts'

/** A meta tag's content by its property or name, as the server HTML has it. */
function metaContent(html: string, key: string) {
	const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)
	return tag?.[1]?.replaceAll('&amp;', '&')
}

describe('share images', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(async () => {
		await server?.stop()
	})

	it('are, on every route and every post, a 1200x630 raster image that answers 200, with its size and alt text', async () => {
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
			const answer = await fetch(new URL(new URL(image ?? '').pathname, server.url))
			expect([route, answer.status], image).toEqual([route, 200])
			expect(answer.headers.get('content-type'), image).toMatch(/^image\/(png|jpeg|gif|webp)$/)
			const { width, height, format } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata()
			expect({ width, height, format: ['png', 'jpeg', 'gif', 'webp'].includes(format ?? '') }, image).toEqual({
				width: 1200,
				height: 630,
				format: true,
			})
		}
		// The default image and at least one made from a post's SVG.
		expect([...checked].some((image) => image.endsWith('.share.png'))).toBe(true)
	})
})
