import { describe, expect, it } from 'vitest'
import { contactPageCopy } from '#app/content/contact.ts'
import { howItWorksFaqs, pricingFaqs } from '#app/content/faqs.ts'
import { plans } from '#app/content/plans.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { articleJsonLd, breadcrumbJsonLd, faqPageJsonLd, plansJsonLd } from './structured-data.ts'

const site = { siteUrl: 'https://www.example.com', brandName: 'Domain Rebels' } as PublicConfig

/** Google's required properties for an FAQ rich result: each question's name and its accepted answer's text. */
function expectFaqRichResult(block: unknown, faqs: readonly { question: string; answer: string }[]) {
	const data = JSON.parse(JSON.stringify(block))
	expect(data['@context']).toBe('https://schema.org')
	expect(data['@type']).toBe('FAQPage')
	expect(data.mainEntity).toEqual(
		faqs.map((faq) => ({
			'@type': 'Question',
			name: faq.question,
			acceptedAnswer: { '@type': 'Answer', text: faq.answer },
		})),
	)
}

describe('structured data', () => {
	it('gives every page with questions an FAQPage of exactly those questions and answers', () => {
		expectFaqRichResult(faqPageJsonLd(howItWorksFaqs), howItWorksFaqs)
		expectFaqRichResult(faqPageJsonLd(pricingFaqs), pricingFaqs)
		expectFaqRichResult(faqPageJsonLd(contactPageCopy.faqs), contactPageCopy.faqs)
	})

	it('describes each plan as a product with a USD offer per billing period, at the prices the pricing page shows', () => {
		const products = JSON.parse(JSON.stringify(plansJsonLd(site)))
		expect(products.map((product: { name: string }) => product.name)).toEqual(
			plans.map((plan) => `Domain Rebels ${plan.name}`),
		)
		for (const [index, plan] of plans.entries()) {
			const product = products[index]
			// Google's required properties for a product snippet: a name, and offers with a price and its currency.
			expect(product['@type']).toBe('Product')
			expect(product.description).toBe(plan.description)
			const offers = product.offers as {
				price: number
				priceCurrency: string
				priceSpecification: { unitCode: string }
			}[]
			expect(offers.every((offer) => offer.priceCurrency === 'USD' && typeof offer.price === 'number')).toBe(true)
			expect(offers.map((offer) => [offer.price, offer.priceSpecification.unitCode])).toEqual(
				plan.monthlyPrice === 0
					? [[0, 'MON']]
					: [
							[plan.monthlyPrice, 'MON'],
							[plan.annualPrice * 12, 'ANN'],
						],
			)
		}
	})

	it("names a post's author as a Person with their picture, dates it by its last change, and falls back to the site", () => {
		const post = {
			title: 'Parked pages',
			path: '/blog/parked',
			publishedAt: '2026-05-01T09:00:00.000Z',
			modifiedAt: '2026-06-02T10:00:00.000Z',
			image: '/media/card.jpg',
		}
		const withAuthor = JSON.parse(
			JSON.stringify(articleJsonLd(site, { ...post, author: { name: 'Ana', image: '/ana.png' } })),
		)
		expect(withAuthor.author).toEqual({ '@type': 'Person', name: 'Ana', image: 'https://www.example.com/ana.png' })
		expect(withAuthor.dateModified).toBe(post.modifiedAt)
		expect(withAuthor.image).toBe('https://www.example.com/media/card.jpg')
		const anonymous = JSON.parse(JSON.stringify(articleJsonLd(site, { ...post, author: { name: null, image: null } })))
		expect(anonymous.author).toMatchObject({ '@type': 'Organization', name: 'Domain Rebels' })
		expect(JSON.parse(JSON.stringify(articleJsonLd(site, { ...post, modifiedAt: undefined }))).dateModified).toBe(
			post.publishedAt,
		)
	})

	it('numbers a breadcrumb trail from the home page with absolute addresses', () => {
		expect(
			breadcrumbJsonLd(site, [
				{ name: 'Home', path: '/' },
				{ name: 'Blog', path: '/blog' },
			]).itemListElement,
		).toEqual([
			{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
			{ '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://www.example.com/blog' },
		])
	})
})
