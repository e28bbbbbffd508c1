import type {
	Blog,
	BlogPosting,
	BreadcrumbList,
	FAQPage,
	Offer,
	Organization,
	Person,
	Product,
	WebSite,
	WithContext,
} from 'schema-dts'
import type { Faq } from '#app/content/faqs.ts'
import { type Plan, plans } from '#app/content/plans.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'

/*
 * Structured data built from the same content modules as the visible pages, so the two cannot disagree. Typed with
 * schema.org's vocabulary (schema-dts); the tests check Google's required properties for each rich result.
 */

/** The site's owner: name, address, logo, the contact address from config and its social profiles. */
export function organizationJsonLd(site: PublicConfig): WithContext<Organization> {
	return {
		'@context': 'https://schema.org',
		...publisherOf(site),
		email: site.contactEmail,
		contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: site.contactEmail },
		sameAs: [site.social.x, site.social.linkedin, site.social.tiktok],
	}
}

/** The site itself, published by its owner. */
export function websiteJsonLd(site: PublicConfig): WithContext<WebSite> {
	return {
		'@context': 'https://schema.org',
		'@type': 'WebSite',
		name: site.brandName,
		url: `${site.siteUrl}/`,
		publisher: { '@type': 'Organization', name: site.brandName },
	}
}

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

/** A trail from the home page to the page, each step with its absolute address (the last is the page itself). */
export function breadcrumbJsonLd(
	site: Pick<PublicConfig, 'siteUrl'>,
	trail: readonly { name: string; path: string }[],
): WithContext<BreadcrumbList> {
	return {
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: trail.map((step, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: step.name,
			item: `${site.siteUrl}${step.path === '/' ? '/' : step.path}`,
		})),
	}
}

/** What a post's card or article says about it, as structured data needs it. */
export type PostFacts = {
	title: string
	path: string
	publishedAt: string
	modifiedAt?: string
	excerpt?: string
	image?: string | null
	author?: { name: string | null; image: string | null }
	tags?: readonly string[]
}

function publisherOf(site: Pick<PublicConfig, 'siteUrl' | 'brandName'>) {
	return {
		'@type': 'Organization',
		name: site.brandName,
		url: `${site.siteUrl}/`,
		logo: `${site.siteUrl}/logo.png`,
	} as const satisfies Organization
}

/** A post's author: the person named on it, with their picture where the post has one, else the site. */
function authorOf(
	site: Pick<PublicConfig, 'siteUrl' | 'brandName'>,
	author: PostFacts['author'],
): Person | Organization {
	if (!author?.name) return publisherOf(site)
	const person: Person = { '@type': 'Person', name: author.name }
	return author.image ? { ...person, image: absoluteAddress(site, author.image) } : person
}

const absoluteAddress = (site: Pick<PublicConfig, 'siteUrl'>, address: string) =>
	/^https?:\/\//.test(address) ? address : `${site.siteUrl}${address.startsWith('/') ? '' : '/'}${address}`

/** A post as a BlogPosting: headline, dates (dateModified from its last change), author, image and publisher. */
export function blogPostingJsonLd(site: Pick<PublicConfig, 'siteUrl' | 'brandName'>, post: PostFacts): BlogPosting {
	const url = `${site.siteUrl}${post.path}`
	return {
		'@type': 'BlogPosting',
		headline: post.title,
		url,
		mainEntityOfPage: url,
		datePublished: post.publishedAt,
		dateModified: post.modifiedAt ?? post.publishedAt,
		...(post.excerpt ? { description: post.excerpt } : {}),
		...(post.image ? { image: absoluteAddress(site, post.image) } : {}),
		author: authorOf(site, post.author),
		publisher: publisherOf(site),
		...(post.tags?.length ? { keywords: post.tags.join(', ') } : {}),
	}
}

/** An article page's block: its BlogPosting with the context. */
export const articleJsonLd = (
	site: Pick<PublicConfig, 'siteUrl' | 'brandName'>,
	post: PostFacts,
): WithContext<BlogPosting> => ({ '@context': 'https://schema.org', ...blogPostingJsonLd(site, post) })

/** The blog and the posts a list page shows, each as a BlogPosting. */
export function blogJsonLd(
	site: Pick<PublicConfig, 'siteUrl' | 'brandName'>,
	blog: { name: string; description: string; path: string },
	posts: readonly PostFacts[],
): WithContext<Blog> {
	return {
		'@context': 'https://schema.org',
		'@type': 'Blog',
		name: blog.name,
		description: blog.description,
		url: `${site.siteUrl}${blog.path}`,
		publisher: publisherOf(site),
		blogPost: posts.map((post) => blogPostingJsonLd(site, post)),
	}
}
