import { expect, test } from '#tests/support/test.ts'
import { richResultProblems } from '../support/rich-results.ts'
import type { RunningServer } from '../support/server.ts'
import { auditedRoutes, firstArchive, newestArticle } from '../support/site-routes.ts'

/** The JSON-LD blocks of a page, parsed, and the page without them. */
function structuredData(html: string) {
	const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
		([, json = '']) => JSON.parse(json) as Record<string, unknown>,
	)
	return { blocks, visible: html.replace(/<script\b[\s\S]*?<\/script>/g, '') }
}

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
	text
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#x27;')

test.describe('structured data on the served pages', () => {
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})

	for (const path of ['/how-it-works', '/pricing', '/contact']) {
		test(`answers the questions ${path} shows, word for word, as an FAQPage`, async () => {
			const { blocks, visible } = structuredData(await (await fetch(`${server.url}${path}`)).text())
			const faq = blocks.find((block) => block['@type'] === 'FAQPage') as
				| { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
				| undefined
			expect(faq?.mainEntity.length).toBeGreaterThanOrEqual(3)
			for (const question of faq?.mainEntity ?? []) {
				expect(visible, question.name).toContain(escaped(question.name))
				expect(visible, question.name).toContain(escaped(question.acceptedAnswer.text).slice(0, 60))
			}
		})
	}

	for (const path of ['/', '/pricing']) {
		test(`lists the plans on ${path} as products with their prices`, async () => {
			const { blocks } = structuredData(await (await fetch(`${server.url}${path}`)).text())
			const products = blocks.filter((block) => block['@type'] === 'Product') as {
				name: string
				offers: { price: number; priceCurrency: string }[]
			}[]
			expect(products.map((product) => product.name)).toEqual(
				expect.arrayContaining([expect.stringMatching(/ Free$/), expect.stringMatching(/ Pro$/)]),
			)
			expect(products.flatMap((product) => product.offers).every((offer) => offer.priceCurrency === 'USD')).toBe(true)
		})
	}

	test("gives every route JSON-LD that meets Google's rules for its rich result type", async () => {
		const found = new Map<string, string[]>()
		for (const route of await auditedRoutes(server.url)) {
			const { blocks } = structuredData(await (await fetch(`${server.url}${route}`)).text())
			found.set(
				route,
				blocks.map((block) => String(block['@type'])),
			)
			for (const block of blocks) {
				expect([route, block['@type'], richResultProblems(block)]).toEqual([route, block['@type'], []])
			}
		}
		const article = (await newestArticle(server.url)) ?? ''
		const archive = (await firstArchive(server.url)) ?? ''
		expect(found.get('/')).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'Product']))
		expect(found.get('/blog')).toEqual(['Blog', 'BreadcrumbList'])
		expect(found.get(article)).toEqual(['BlogPosting', 'BreadcrumbList'])
		expect(found.get(archive)).toEqual(['BreadcrumbList'])
	})

	test('lists on /blog the posts the page shows, each as a BlogPosting with its address', async () => {
		const html = await (await fetch(`${server.url}/blog`)).text()
		const blog = structuredData(html).blocks.find((block) => block['@type'] === 'Blog') as
			| { blogPost: { headline: string; url: string }[] }
			| undefined
		const shown = [...new Set([...html.matchAll(/href="(\/blog\/[^"?#./]+)"/g)].map((match) => match[1]))]
		expect(blog?.blogPost.length).toBeGreaterThan(5)
		for (const post of blog?.blogPost ?? []) expect(shown).toContain(new URL(post.url).pathname)
	})
})
