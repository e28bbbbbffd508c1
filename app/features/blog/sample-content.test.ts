import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readPosts } from './import.server.ts'

describe('sample posts in content/blog', () => {
	it('all parse, with unique slugs, excerpts, categories, tags and cover images', () => {
		const { posts, errors } = readPosts(path.resolve(import.meta.dirname, '../../../content/blog'))
		expect(errors).toEqual([])
		expect(posts.length).toBeGreaterThanOrEqual(15)
		expect(new Set(posts.map((post) => post.seo_slug)).size).toBe(posts.length)
		for (const post of posts) {
			expect(post.excerpt, post.seo_slug).toBeTruthy()
			expect(post.content, post.seo_slug).toBeTruthy()
			expect(post.categories.length, post.seo_slug).toBeGreaterThan(0)
			expect(post.tags.length, post.seo_slug).toBeGreaterThan(0)
			expect(post.featured_image_alt, post.seo_slug).toBeTruthy()
			expect(post.published_at.getTime(), post.seo_slug).toBeLessThan(Date.parse('2026-11-23T00:00:00Z'))
		}
	})
})
