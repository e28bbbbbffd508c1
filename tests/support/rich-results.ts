/**
 * Google's required properties (and the recommended ones the site always fills) for the rich result types the site
 * emits, from Search Central's structured data guidelines; a block of another type is a problem too, so a new type
 * comes with its rules. Returns what is wrong with one top-level JSON-LD block, nothing when it passes.
 */
type Node = Record<string, unknown>

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => typeof value === 'string' && value.trim().length > 0
const absolute = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/\s]+/.test(value)
const isoDate = (value: unknown) =>
	typeof value === 'string' &&
	/^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d))?$/.test(value) &&
	!Number.isNaN(Date.parse(value))
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value])

function check(problems: string[], where: string, ok: boolean, what: string) {
	if (!ok) problems.push(`${where}: ${what}`)
}

/** Checks each of a list's entries that is an object; any other entry is a problem. */
function eachNode(
	values: unknown[],
	name: string,
	problems: string[],
	each: (node: Node, where: string, n: number) => void,
) {
	for (const [n, value] of values.entries()) {
		const where = `${name}[${n}]`
		if (isNode(value)) each(value, where, n)
		else problems.push(`${where}: not an object`)
	}
}

function organization(node: unknown, where: string, problems: string[]) {
	if (!isNode(node)) return problems.push(`${where}: not an object`)
	check(problems, where, node['@type'] === 'Organization' || node['@type'] === 'Person', 'an Organization or Person')
	check(problems, where, text(node.name), 'a name')
	if (node.url !== undefined) check(problems, where, absolute(node.url), 'an absolute url')
	if (node.logo !== undefined) check(problems, where, absolute(node.logo), 'an absolute logo')
	if (node.image !== undefined) check(problems, where, absolute(node.image), 'an absolute image')
}

function article(node: unknown, where: string, problems: string[]) {
	if (!isNode(node)) return problems.push(`${where}: not an object`)
	check(problems, where, ['Article', 'BlogPosting', 'NewsArticle'].includes(String(node['@type'])), 'an article type')
	check(problems, where, text(node.headline), 'a headline')
	check(problems, where, isoDate(node.datePublished), 'datePublished in ISO 8601')
	if (node.dateModified !== undefined) {
		check(problems, where, isoDate(node.dateModified), 'dateModified in ISO 8601')
		check(
			problems,
			where,
			Date.parse(String(node.dateModified)) >= Date.parse(String(node.datePublished)),
			'dateModified not before datePublished',
		)
	}
	for (const image of list(node.image)) check(problems, where, absolute(image), 'absolute image addresses')
	const authors = list(node.author)
	check(problems, where, authors.length > 0, 'an author')
	for (const [n, author] of authors.entries()) organization(author, `${where}.author[${n}]`, problems)
	if (node.url !== undefined) check(problems, where, absolute(node.url), 'an absolute url')
}

const rules: Record<string, (node: Node, problems: string[]) => void> = {
	FAQPage: (node, problems) => {
		const questions = list(node.mainEntity)
		check(problems, 'FAQPage', questions.length > 0, 'at least one Question')
		eachNode(questions, 'FAQPage.mainEntity', problems, (question, where) => {
			check(problems, where, question['@type'] === 'Question', 'a Question')
			check(problems, where, text(question.name), 'a name')
			const answer = question.acceptedAnswer
			check(problems, where, isNode(answer) && answer['@type'] === 'Answer' && text(answer.text), 'an Answer with text')
		})
	},
	Product: (node, problems) => {
		check(problems, 'Product', text(node.name), 'a name')
		const offers = list(node.offers)
		check(
			problems,
			'Product',
			offers.length > 0 || node.review !== undefined || node.aggregateRating !== undefined,
			'offers, a review or a rating',
		)
		eachNode(offers, 'Product.offers', problems, (offer, where) => {
			check(problems, where, offer['@type'] === 'Offer', 'an Offer')
			check(problems, where, typeof offer.price === 'number' || /^\d+(\.\d+)?$/.test(String(offer.price)), 'a price')
			check(problems, where, /^[A-Z]{3}$/.test(String(offer.priceCurrency)), 'an ISO 4217 priceCurrency')
		})
	},
	BreadcrumbList: (node, problems) => {
		const items = list(node.itemListElement)
		check(problems, 'BreadcrumbList', items.length >= 2, 'at least two ListItems')
		eachNode(items, 'BreadcrumbList.itemListElement', problems, (item, where, n) => {
			check(problems, where, item['@type'] === 'ListItem', 'a ListItem')
			check(problems, where, item.position === n + 1, `position ${n + 1}`)
			check(problems, where, text(item.name), 'a name')
			// Only the last step may leave out its address.
			if (n < items.length - 1 || item.item !== undefined) {
				check(problems, where, absolute(item.item), 'an absolute item')
			}
		})
	},
	BlogPosting: (node, problems) => article(node, 'BlogPosting', problems),
	Article: (node, problems) => article(node, 'Article', problems),
	Blog: (node, problems) => {
		check(problems, 'Blog', text(node.name), 'a name')
		check(problems, 'Blog', absolute(node.url), 'an absolute url')
		for (const [n, post] of list(node.blogPost).entries()) article(post, `Blog.blogPost[${n}]`, problems)
	},
	Organization: (node, problems) => {
		organization(node, 'Organization', problems)
		check(problems, 'Organization', absolute(node.url), 'an absolute url')
		for (const profile of list(node.sameAs))
			check(problems, 'Organization', absolute(profile), 'absolute sameAs profiles')
	},
	WebSite: (node, problems) => {
		check(problems, 'WebSite', text(node.name), 'a name')
		check(problems, 'WebSite', absolute(node.url), 'an absolute url')
	},
}

export function richResultProblems(block: unknown): string[] {
	if (!isNode(block)) return ['not an object']
	const problems: string[] = []
	check(problems, 'block', block['@context'] === 'https://schema.org', "@context 'https://schema.org'")
	const rule = rules[String(block['@type'])]
	if (!rule) return [...problems, `no rules for the type ${String(block['@type'])}`]
	rule(block, problems)
	return problems
}
