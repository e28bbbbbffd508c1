import { contactPageCopy } from '#app/content/contact.ts'
import { type Faq, howItWorksFaqs, pricingFaqs } from '#app/content/faqs.ts'
import { benefitsCopy, heroCopy, problemsCopy } from '#app/content/home.ts'
import { howItWorksCopy } from '#app/content/how-it-works.ts'
import { layers } from '#app/content/layers.ts'
import { cookiePolicy, type LegalDocument, privacyPolicy, termsOfService } from '#app/content/legal.ts'
import { type PageKey, pages } from '#app/content/pages.ts'
import { plans, pricingCopy } from '#app/content/plans.ts'
import { absoluteUrl, canonicalUrl } from '#app/features/seo/seo.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'

type Site = Pick<PublicConfig, 'siteUrl' | 'brandName' | 'contactEmail'>

/** A value of YAML front matter on one line: JSON strings are valid YAML and escape everything that could end one. */
export const yamlValue = (value: string) => JSON.stringify(value.replace(/\s+/g, ' ').trim())

const faqLines = (heading: string, faqs: readonly Faq[]) => [
	`## ${heading}`,
	'',
	...faqs.flatMap((faq) => [`### ${faq.question}`, '', faq.answer, '']),
]

const usd = (amount: number) => `$${amount}`

/** The plans as the pricing page's table shows them: monthly and annual prices, and what each includes. */
const planLines = () => [
	`## ${pricingCopy.plansHeading}`,
	'',
	'| Plan | Monthly | Annual (per month, billed yearly) | Launched domains | Warmed domains | Seats |',
	'| --- | --- | --- | --- | --- | --- |',
	...plans.map(
		(plan) =>
			`| ${plan.name} | ${usd(plan.monthlyPrice)} | ${usd(plan.annualPrice)} | ${plan.launchedDomains} | ${plan.warmedDomains ?? 'none'} | ${plan.seats} |`,
	),
	'',
	...plans.flatMap((plan) => [`### ${plan.name}`, '', plan.description, '', ...plan.features.map((f) => `- ${f}`), '']),
	pricingCopy.banner.text,
	'',
]

const layerLines = () =>
	layers.flatMap((layer) => [
		`### ${layer.name}: ${layer.title} (${layer.tier})`,
		'',
		layer.summary,
		'',
		...layer.features.map((feature) => `- ${feature}`),
		'',
	])

const legalLines = (document: LegalDocument, siteUrl: string) => [
	`Last updated: ${document.lastUpdated}`,
	'',
	...document.intro.flatMap((paragraph) => [paragraph, '']),
	...document.sections.flatMap((section) => [
		`## ${section.title}`,
		'',
		...section.paragraphs.flatMap((paragraph) => [paragraph, '']),
		...(section.list ? [...section.list.map((item) => `- ${item}`), ''] : []),
		...(section.links
			? [...section.links.map((link) => `- [${link.label}](${absoluteUrl(siteUrl, link.to)})`), '']
			: []),
	]),
]

/** What each page says beyond its title and description, from the same content modules as its HTML. */
const bodies: Partial<Record<PageKey, (site: Site) => string[]>> = {
	home: () => [
		heroCopy.lead,
		'',
		`## ${benefitsCopy.heading}`,
		'',
		benefitsCopy.lead,
		'',
		...benefitsCopy.benefits.map((benefit) => `- **${benefit.title}**: ${benefit.text}`),
		'',
		`## ${problemsCopy.heading}`,
		'',
		problemsCopy.lead,
		'',
		...problemsCopy.problems.map((problem) => `- **${problem.title}**: ${problem.text}`),
		'',
		`## ${howItWorksCopy.layers.heading}`,
		'',
		...layerLines(),
		...planLines(),
	],
	howItWorks: () => [
		howItWorksCopy.hero.lead,
		'',
		`## ${howItWorksCopy.steps.heading}`,
		'',
		...howItWorksCopy.steps.items.map((step, index) => `${index + 1}. **${step.title}**: ${step.text}`),
		'',
		`## ${howItWorksCopy.layers.heading}`,
		'',
		howItWorksCopy.layers.lead,
		'',
		...layerLines(),
		...faqLines(howItWorksCopy.faqHeading, howItWorksFaqs),
	],
	pricing: () => [pricingCopy.lead, '', ...planLines(), ...faqLines(pricingCopy.faqHeading, pricingFaqs)],
	contact: (site) => [`Email: ${site.contactEmail}`, '', ...faqLines(contactPageCopy.faqHeading, contactPageCopy.faqs)],
	privacy: (site) => legalLines(privacyPolicy(site), site.siteUrl),
	terms: (site) => legalLines(termsOfService(site), site.siteUrl),
	cookies: (site) => legalLines(cookiePolicy(site), site.siteUrl),
}

/** The public pages that have a Markdown version, by its address (`/index.md` for the home page). */
export const markdownPages = new Map(
	(Object.entries(pages) as [PageKey, (typeof pages)[PageKey]][])
		.filter(([, page]) => page.indexable)
		.map(([key, page]) => [markdownPathOf(page.path), key] as const),
)

/** The address of a page's or a post's Markdown version: its own with `.md`, `/index.md` for the home page. */
export function markdownPathOf(path: string) {
	return path === '/' ? '/index.md' : `${path}.md`
}

/**
 * A public page as Markdown, made from the same content modules as its HTML (never from the HTML): front matter
 * (title, description, canonical URL, last change), the title as a heading, then the page's text, tables and questions.
 */
export function pageMarkdown(key: PageKey, site: Site) {
	const page = pages[key]
	return [
		'---',
		`title: ${yamlValue(page.title)}`,
		`description: ${yamlValue(page.description)}`,
		`canonical: ${yamlValue(canonicalUrl(site.siteUrl, page.path))}`,
		`last_modified: ${page.updated}`,
		'---',
		'',
		`# ${page.title}`,
		'',
		page.description,
		'',
		...(bodies[key]?.(site) ?? []),
	]
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
}
