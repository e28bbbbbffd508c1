import type { FAQPage, Offer, Product, WithContext } from 'schema-dts'
import type { Faq } from '#app/content/faqs.ts'
import { type Plan, plans } from '#app/content/plans.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'

/*
 * Structured data built from the same content modules as the visible pages, so the two cannot disagree. Typed with
 * schema.org's vocabulary (schema-dts); the tests check Google's required properties for each rich result.
 */

/** The questions and answers a page shows, word for word. */
export function faqPageJsonLd(faqs: readonly Faq[]): WithContext<FAQPage> {
	return {
		'@context': 'https://schema.org',
		'@type': 'FAQPage',
		mainEntity: faqs.map((faq) => ({
			'@type': 'Question',
			name: faq.question,
			acceptedAnswer: { '@type': 'Answer', text: faq.answer },
		})),
	}
}

/** One offer per billing period: monthly, and yearly at the annual price per month times twelve. */
function planOffers(plan: Plan, url: string): Offer[] {
	const offer = (period: 'monthly' | 'annual'): Offer => ({
		'@type': 'Offer',
		name: `${plan.name}, billed ${period === 'monthly' ? 'monthly' : 'yearly'}`,
		price: period === 'monthly' ? plan.monthlyPrice : plan.annualPrice * 12,
		priceCurrency: 'USD',
		availability: 'https://schema.org/InStock',
		url,
		priceSpecification: {
			'@type': 'UnitPriceSpecification',
			price: period === 'monthly' ? plan.monthlyPrice : plan.annualPrice * 12,
			priceCurrency: 'USD',
			unitCode: period === 'monthly' ? 'MON' : 'ANN',
		},
	})
	return plan.monthlyPrice === 0 ? [offer('monthly')] : [offer('monthly'), offer('annual')]
}

/** The plans as products an assistant can quote: name, description and one offer per plan and billing period. */
export function plansJsonLd(site: PublicConfig): WithContext<Product>[] {
	const url = `${site.siteUrl}/pricing`
	return plans.map((plan) => ({
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: `${site.brandName} ${plan.name}`,
		description: plan.description,
		brand: { '@type': 'Brand', name: site.brandName },
		url,
		offers: planOffers(plan, url),
	}))
}
