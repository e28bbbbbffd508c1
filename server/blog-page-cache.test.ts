import { describe, expect, it } from 'vitest'
import { blogPageKey } from './blog-page-cache.ts'

describe('blogPageKey', () => {
	it('keeps the list, its pages and articles under the parameters the routes read', () => {
		expect(blogPageKey('/blog')).toBe('/blog')
		expect(blogPageKey('/blog?page=2')).toBe('/blog?page=2')
		expect(blogPageKey('/blog/a-post')).toBe('/blog/a-post')
		expect(blogPageKey('/blog/a-post.data?_routes=routes%2Fblog-post')).toBe(
			'/blog/a-post.data?_routes=routes%2Fblog-post',
		)
		expect(blogPageKey('/blog/category/seo?page=2&utm_source=x')).toBe('/blog/category/seo?page=2')
		expect(blogPageKey('/blog/tag/caf%C3%A9')).toBe('/blog/tag/caf%C3%A9')
		expect(blogPageKey('/blog/tag/aeo.data?_routes=routes%2Fblog-tag')).toBe(
			'/blog/tag/aeo.data?_routes=routes%2Fblog-tag',
		)
	})

	it('shares one copy between URLs that differ only in parameters nothing reads', () => {
		expect(blogPageKey('/blog?utm_source=newsletter&page=2&ref=x')).toBe('/blog?page=2')
		expect(blogPageKey('/blog/a-post?utm_campaign=launch')).toBe('/blog/a-post')
		expect(blogPageKey('/blog?page=2&page=3')).toBe('/blog?page=2')
	})

	it('leaves every other URL to the router', () => {
		for (const url of [
			'/',
			'/pricing?page=2',
			'/blog/rss.xml',
			'/blog/a/b',
			'/blog/',
			'/blogs',
			'//blog',
			'/blog/search?q=parked',
			'/blog/search.data?q=parked&_routes=routes%2Fblog-search',
			'/blog/category/seo/rss.xml',
			'/blog/category/',
			// The router matches paths decoded and in any case: these are the search page and the feed too.
			'/blog/Search?q=x&page=7',
			'/blog/SEARCH?q=x',
			'/blog/%73earch?q=x&page=2',
			'/blog/%53EARCH.data?q=x&_routes=routes%2Fblog-search',
			'/blog/RSS.xml',
			'/blog/rss%2Exml',
			'/BLOG/search?q=x',
		]) {
			expect(blogPageKey(url)).toBeUndefined()
		}
	})
})
