import { describe, expect, it } from 'vitest'
import { isDataPath, pagePathOf } from './data-url.ts'

describe("React Router's data URLs", () => {
	it('name the page they load, the home page and trailing slashes included', () => {
		expect(pagePathOf('/pricing.data')).toBe('/pricing')
		expect(pagePathOf('/_.data')).toBe('/')
		expect(pagePathOf('/blog/_.data')).toBe('/blog/')
		expect(pagePathOf('/admin.data')).toBe('/admin')
		expect(pagePathOf('/pricing')).toBe('/pricing')
		expect(isDataPath('/contact.data')).toBe(true)
		expect(isDataPath('/sitemap.xml')).toBe(false)
	})
})
