import { describe, expect, it } from 'vitest'
import { aiCrawlers } from '#app/content/answer-engines.ts'
import { pages } from '#app/content/pages.ts'
import type { PostRow } from '#app/features/blog/posts.server.ts'
import type { PostCard } from '#app/features/blog/types.ts'
import { robotsTxt } from '#app/features/seo/sitemap.server.ts'
import { LLMS_FULL_MAX_BYTES, llmsFullTxt, llmsTxt } from './llms-txt.server.ts'

const site = { siteUrl: 'https://www.example.com', brandName: 'Domain Rebels' }
const post = (title: string, seoSlug: string, excerpt: string) => ({ title, seoSlug, excerpt }) as PostCard

describe('llms.txt', () => {
	const text = llmsTxt(site, [post('Parked [vs] developed', 'parked-vs-developed', 'Why a real\nsite wins.')])

	it('starts with the brand and the summary, then links every public page with its description', () => {
		const lines = text.split('\n')
		expect(lines[0]).toBe('# Domain Rebels')
		expect(lines[2]).toBe(`> ${pages.home.description}`)
		expect(text).toContain(
			`- [${pages.pricing.title}](https://www.example.com/pricing.md): ${pages.pricing.description}`,
		)
		expect(text).not.toContain('/Strategy_Call_Booked')
	})

	it('lists the newest posts and the feeds, each on one line that cannot break the list', () => {
		expect(text).toContain(
			'- [Parked \\[vs\\] developed](https://www.example.com/blog/parked-vs-developed.md): Why a real site wins.',
		)
		expect(text).toContain('(https://www.example.com/blog/rss.xml)')
		expect(text).toContain('(https://www.example.com/sitemap.xml)')
	})
})

describe('llms-full.txt', () => {
	const fullSite = { ...site, contactEmail: 'hello@example.com' }
	const row = (n: number, body: string) =>
		({
			id: n,
			title: `Post ${n}`,
			seo_slug: `post-${n}`,
			published_at: new Date('2026-10-01T00:00:00Z'),
			updated_at: new Date('2026-10-01T00:00:00Z'),
			excerpt: '',
			content: body,
			bodyhtml: null,
		}) as PostRow

	it('holds the text of every public page, then whole posts, newest first, and stops before its limit', () => {
		const text = llmsFullTxt(fullSite, [
			row(1, 'First body.'),
			row(2, 'x'.repeat(LLMS_FULL_MAX_BYTES)),
			row(3, 'Third.'),
		])
		expect(text).toContain(`# ${pages.pricing.title}`)
		expect(text).toContain('# Post 1\n\nFirst body.')
		// The post that would pass the limit is left out whole, and so is everything after it.
		expect(text).not.toContain('# Post 2')
		expect(text).not.toContain('# Post 3')
		expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LLMS_FULL_MAX_BYTES)
	})
})

describe('robots.txt and the AI crawlers', () => {
	it('names every known AI crawler, allowed like everyone by default and refused the whole site with deny', () => {
		const allowed = robotsTxt(site.siteUrl)
		const denied = robotsTxt(site.siteUrl, 'deny')
		for (const agent of aiCrawlers) {
			expect(allowed).toContain(`User-agent: ${agent}\n`)
			expect(denied).toContain(`User-agent: ${agent}\n`)
		}
		const aiGroup = (robots: string) => robots.slice(robots.indexOf(`User-agent: ${aiCrawlers[0]}`))
		expect(aiGroup(allowed)).toMatch(/\nAllow: \/\nDisallow: \/admin\n/)
		expect(aiGroup(denied)).toMatch(/\nDisallow: \/\n/)
		expect(denied.startsWith('User-agent: *\nAllow: /\nDisallow: /admin\n')).toBe(true)
		expect(denied).toContain('Sitemap: https://www.example.com/sitemap.xml')
	})
})
