import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pages } from '#app/content/pages.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { newestArticle } from '../support/site-routes.ts'

describe('what the site offers answer engines', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(async () => {
		await server?.stop()
	})

	it('serves /llms.txt with every public page, the newest posts and the feeds', async () => {
		const response = await fetch(`${server.url}/llms.txt`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
		const text = await response.text()
		expect(text.split('\n')[0]).toMatch(/^# \S/)
		expect(text).toContain(`/pricing.md): ${pages.pricing.description}`)
		const article = await newestArticle(server.url)
		expect(text).toContain(`${article}.md)`)
		expect(text).toContain('/blog/rss.xml)')
		const full = await fetch(`${server.url}/llms-full.txt`)
		expect(full.status).toBe(200)
		const fullText = await full.text()
		expect(fullText).toContain(`# ${pages.pricing.title}`)
		// The newest post is in it whole, after the pages.
		expect(fullText).toMatch(new RegExp(`canonical: "[^"]*${article}"`))
	})

	it('serves each published post as Markdown at its address with .md, linked from the article', async () => {
		const article = (await newestArticle(server.url)) ?? ''
		const html = await (await fetch(`${server.url}${article}`)).text()
		expect(html).toMatch(new RegExp(`<link rel="alternate" type="text/markdown" href="[^"]*${article}\\.md"`))
		const response = await fetch(`${server.url}${article}.md`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
		expect(response.headers.get('link')).toMatch(new RegExp(`${article}>; rel="canonical"$`))
		const text = await response.text()
		expect(text.startsWith('---\ntitle: "')).toBe(true)
		expect(text).toMatch(/\n# \S/)
		expect((await fetch(`${server.url}/blog/no-such-post.md`)).status).toBe(404)
	})

	it('serves every public page as Markdown, linked from its HTML, and none for a page kept out of search', async () => {
		for (const [path, markdown] of [
			['/', '/index.md'],
			['/pricing', '/pricing.md'],
			['/terms', '/terms.md'],
		]) {
			const html = await (await fetch(`${server.url}${path}`)).text()
			expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${markdown}"/>`)
			const response = await fetch(`${server.url}${markdown}`)
			expect([markdown, response.status, response.headers.get('content-type')]).toEqual([
				markdown,
				200,
				'text/markdown; charset=utf-8',
			])
			expect(await response.text()).toMatch(/^---\ntitle: "/)
		}
		expect((await fetch(`${server.url}/Strategy_Call_Booked.md`)).status).toBe(404)
	})

	it('allows the AI crawlers in robots.txt by default', async () => {
		const robots = await (await fetch(`${server.url}/robots.txt`)).text()
		expect(robots).toMatch(/User-agent: GPTBot\n[\s\S]*?Allow: \/\n/)
	})

	it('refuses them the whole site and offers no llms.txt with AI_CRAWLERS=deny', async () => {
		const denying = await startServer({ env: { AI_CRAWLERS: 'deny' } })
		try {
			const robots = await (await fetch(`${denying.url}/robots.txt`)).text()
			expect(robots).toMatch(/User-agent: ClaudeBot\n[\s\S]*?\nDisallow: \/\n/)
			expect((await fetch(`${denying.url}/llms.txt`)).status).toBe(404)
			expect((await fetch(`${denying.url}/llms-full.txt`)).status).toBe(404)
			expect((await fetch(`${denying.url}/pricing.md`)).status).toBe(404)
		} finally {
			await denying.stop()
		}
	})
})
