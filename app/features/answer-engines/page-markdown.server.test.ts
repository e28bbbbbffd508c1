import { describe, expect, it } from 'vitest'
import { pricingFaqs } from '#app/content/faqs.ts'
import { termsOfService } from '#app/content/legal.ts'
import { pages } from '#app/content/pages.ts'
import { plans } from '#app/content/plans.ts'
import { markdownPages, pageMarkdown } from './page-markdown.server.ts'

const site = { siteUrl: 'https://www.example.com', brandName: 'Domain Rebels', contactEmail: 'hello@example.com' }

describe('the pages as Markdown', () => {
	it('has a version for every public page, the home page at /index.md, and none for pages kept out of search', () => {
		const publicPaths = Object.values(pages)
			.filter((page) => page.indexable)
			.map((page) => (page.path === '/' ? '/index.md' : `${page.path}.md`))
		expect([...markdownPages.keys()].sort()).toEqual(publicPaths.sort())
		expect(markdownPages.has('/Strategy_Call_Booked.md')).toBe(false)
	})

	it('gives pricing its front matter, the plans table with monthly and annual prices, and its questions word for word', () => {
		const text = pageMarkdown('pricing', site)
		expect(text.split('\n').slice(0, 6)).toEqual([
			'---',
			`title: ${JSON.stringify(pages.pricing.title)}`,
			`description: ${JSON.stringify(pages.pricing.description)}`,
			'canonical: "https://www.example.com/pricing"',
			`last_modified: ${pages.pricing.updated}`,
			'---',
		])
		for (const plan of plans) {
			expect(text).toMatch(
				new RegExp(`^\\| ${plan.name} \\| \\$${plan.monthlyPrice} \\| \\$${plan.annualPrice} \\|`, 'm'),
			)
		}
		for (const faq of pricingFaqs) expect(text).toContain(`### ${faq.question}\n\n${faq.answer}\n`)
	})

	it('carries the legal texts section by section, with absolute links', () => {
		const text = pageMarkdown('terms', site)
		for (const section of termsOfService(site).sections) expect(text).toContain(`## ${section.title}\n`)
		expect(text).not.toMatch(/\]\(\//)
	})
})
