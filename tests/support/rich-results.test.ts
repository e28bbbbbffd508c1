import { describe, expect, it } from 'vitest'
import { richResultProblems } from './rich-results.ts'

const context = 'https://schema.org'

describe('richResultProblems', () => {
	it('passes blocks with what Google requires', () => {
		expect(
			richResultProblems({
				'@context': context,
				'@type': 'BreadcrumbList',
				itemListElement: [
					{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
					{ '@type': 'ListItem', position: 2, name: 'Blog' },
				],
			}),
		).toEqual([])
	})

	it('names what is missing or wrong', () => {
		expect(richResultProblems({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?' }] })).toEqual([
			"block: @context 'https://schema.org'",
			'FAQPage.mainEntity[0]: an Answer with text',
		])
		expect(
			richResultProblems({
				'@context': context,
				'@type': 'Product',
				name: 'Pro',
				offers: [{ '@type': 'Offer', price: 'nine', priceCurrency: 'dollars' }],
			}),
		).toEqual(['Product.offers[0]: a price', 'Product.offers[0]: an ISO 4217 priceCurrency'])
		expect(
			richResultProblems({
				'@context': context,
				'@type': 'BlogPosting',
				headline: 'A post',
				datePublished: '2026-05-02T00:00:00.000Z',
				dateModified: '2026-05-01T00:00:00.000Z',
				image: '/relative.png',
			}),
		).toEqual([
			'BlogPosting: dateModified not before datePublished',
			'BlogPosting: absolute image addresses',
			'BlogPosting: an author',
		])
		expect(richResultProblems({ '@context': context, '@type': 'Recipe' })).toEqual(['no rules for the type Recipe'])
	})
})
