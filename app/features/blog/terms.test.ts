import { describe, expect, it } from 'vitest'
import { archivePath } from './paths.ts'
import { isPossibleTermSlug, termSlug } from './terms.ts'

describe('term slugs', () => {
	it('are lower case with hyphens, keep letters of every script and depend on the name alone', () => {
		expect(termSlug('Domain Investing')).toBe('domain-investing')
		expect(termSlug('  SEO & AEO!  ')).toBe('seo-aeo')
		expect(termSlug('structured data')).toBe('structured-data')
		expect(termSlug('Café Guides')).toBe('café-guides')
		expect(termSlug('Ｃａｆｅ')).toBe('cafe')
		expect(termSlug('日本 ドメイン')).toBe('日本-ドメイン')
		expect(termSlug('Доменные имена')).toBe('доменные-имена')
		expect(termSlug('#')).toBe('')
		expect(termSlug('x'.repeat(300))).toHaveLength(200)
		expect(termSlug('SEO')).toBe(termSlug('seo'))
	})

	it('keeps names told apart by a symbol apart, and plain names as they were', () => {
		const pairs = [
			['C', 'C#'],
			['C', 'C++'],
			['C#', 'C++'],
			['.ai', 'AI'],
			['.net', 'NET'],
			['F#', 'F'],
		]
		for (const [a = '', b = ''] of pairs) expect(termSlug(a)).not.toBe(termSlug(b))
		expect(termSlug('C#')).toBe('c-sharp')
		expect(termSlug('C++')).toBe('c-plus-plus')
		expect(termSlug('.NET')).toBe('dot-net')
		expect(termSlug(' .ai ')).toBe('dot-ai')
		expect(termSlug('Node.js')).toBe('node-js')
		expect(termSlug('#seo')).toBe('seo')
		expect(termSlug('SEO + SEM')).toBe('seo-sem')
		for (const slug of ['c-sharp', 'c-plus-plus', 'dot-net']) expect(isPossibleTermSlug(slug)).toBe(true)
	})

	it('takes only a slug the names could give, so an address cannot name a term two ways', () => {
		expect(isPossibleTermSlug('café-guides')).toBe(true)
		for (const slug of ['', 'SEO', 'a--b', '-a', 'a b', 'a\0', 'cafe\u0301'])
			expect(isPossibleTermSlug(slug)).toBe(false)
	})

	it('are encoded in archive addresses', () => {
		expect(archivePath('category', 'café-guides')).toBe('/blog/category/caf%C3%A9-guides')
		expect(archivePath('tag', 'aeo', 3)).toBe('/blog/tag/aeo?page=3')
	})
})
