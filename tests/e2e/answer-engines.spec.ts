import { pages } from '#app/content/pages.ts'
import { expect, test } from '#tests/support/test.ts'
import { type RunningServer, startServer } from '../support/server.ts'
import { newestArticle } from '../support/site-routes.ts'

test.describe('what the site offers answer engines', () => {
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})

	test('serves /llms.txt with every public page, the newest posts and the feeds', async () => {
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

	test('serves each published post as Markdown at its address with .md, linked from the article', async () => {
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

	test('serves every public page as Markdown, linked from its HTML, and none for a page kept out of search', async () => {
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

	test("answers a page's and a post's own address with their Markdown for a request that prefers it", async () => {
		const article = (await newestArticle(server.url)) ?? ''
		const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
		for (const [path, markdown] of [
			...Object.values(pages)
				.filter((page) => page.indexable)
				.map((page) => [page.path, page.path === '/' ? '/index.md' : `${page.path}.md`]),
			[article, `${article}.md`],
		] as [string, string][]) {
			const asked = await fetch(`${server.url}${path}`, { headers: { accept: 'text/markdown, text/html;q=0.5' } })
			expect([path, asked.status, asked.headers.get('content-type')]).toEqual([
				path,
				200,
				'text/markdown; charset=utf-8',
			])
			expect(asked.headers.get('vary'), path).toMatch(/\bAccept\b/)
			expect(await asked.text(), path).toBe(await (await fetch(`${server.url}${markdown}`)).text())
			// A browser gets the page, told it varies by Accept, with both versions and the llms.txt linked.
			const page = await fetch(`${server.url}${path}`, { headers: { accept: browser } })
			expect([path, page.headers.get('content-type')]).toEqual([path, 'text/html; charset=utf-8'])
			expect(page.headers.get('vary'), path).toMatch(/\bAccept\b/)
			const link = page.headers.get('link') ?? ''
			expect(link, path).toContain(`${markdown}>; rel="alternate"; type="text/markdown"`)
			expect(link, path).toContain('/llms.txt>; rel="describedby"')
			expect(await page.text(), path).toContain('<link rel="describedby" href="/llms.txt"/>')
		}
		// Browsers never name Markdown; a wildcard alone is not a preference for it.
		for (const accept of [browser, '*/*', 'text/html, text/markdown;q=0.5', 'text/markdown;q=0']) {
			const page = await fetch(`${server.url}/pricing`, { headers: { accept } })
			expect([accept, page.headers.get('content-type')]).toEqual([accept, 'text/html; charset=utf-8'])
		}
	})

	test("dates each page's Markdown version with its last change", async () => {
		const text = await (await fetch(`${server.url}/pricing.md`)).text()
		expect(text).toContain(`\nlast_modified: ${pages.pricing.updated}\n`)
	})

	test('allows the AI crawlers in robots.txt by default', async () => {
		const robots = await (await fetch(`${server.url}/robots.txt`)).text()
		expect(robots).toMatch(/User-agent: GPTBot\n[\s\S]*?Allow: \/\n/)
	})

	test('refuses them the whole site and offers no llms.txt with AI_CRAWLERS=deny', async () => {
		const denying = await startServer({ env: { AI_CRAWLERS: 'deny' } })
		try {
			const robots = await (await fetch(`${denying.url}/robots.txt`)).text()
			expect(robots).toMatch(/User-agent: ClaudeBot\n[\s\S]*?\nDisallow: \/\n/)
			expect((await fetch(`${denying.url}/llms.txt`)).status).toBe(404)
			expect((await fetch(`${denying.url}/llms-full.txt`)).status).toBe(404)
			expect((await fetch(`${denying.url}/pricing.md`)).status).toBe(404)
			const asked = await fetch(`${denying.url}/pricing`, { headers: { accept: 'text/markdown' } })
			expect(asked.headers.get('content-type')).toBe('text/html; charset=utf-8')
			expect(asked.headers.get('link')).toBeNull()
		} finally {
			await denying.stop()
		}
	})
})
