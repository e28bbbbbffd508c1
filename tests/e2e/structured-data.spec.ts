import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../support/server.ts'

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

describe('structured data on the served pages', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(async () => {
		await server?.stop()
	})

	it.each(['/how-it-works', '/pricing', '/contact'])(
		'answers the questions %s shows, word for word, as an FAQPage',
		async (path) => {
			const { blocks, visible } = structuredData(await (await fetch(`${server.url}${path}`)).text())
			const faq = blocks.find((block) => block['@type'] === 'FAQPage') as
				| { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
				| undefined
			expect(faq?.mainEntity.length).toBeGreaterThanOrEqual(3)
			for (const question of faq?.mainEntity ?? []) {
				expect(visible, question.name).toContain(escaped(question.name))
				expect(visible, question.name).toContain(escaped(question.acceptedAnswer.text).slice(0, 60))
			}
		},
	)

	it.each(['/', '/pricing'])('lists the plans on %s as products with their prices', async (path) => {
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
})
