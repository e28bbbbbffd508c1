import { describe, expect, it } from 'vitest'
import type { PostRow } from '#app/features/blog/posts.server.ts'
import { postMarkdown } from './post-markdown.server.ts'

const post = (fields: Partial<PostRow>): PostRow => ({
	id: 1,
	title: 'Parked vs developed',
	seo_slug: 'parked-vs-developed',
	published_at: new Date('2026-10-01T08:00:00Z'),
	updated_at: new Date('2026-10-02T09:30:00Z'),
	excerpt: 'Why a real site wins.',
	content: 'See [pricing](/pricing) and ![chart](/media/abc.webp).',
	bodyhtml: null,
	featured_image: null,
	featured_image_alt: null,
	categories: [],
	tags: [],
	author: null,
	...fields,
})

describe('a post as Markdown', () => {
	it('starts with front matter, then the title and the body with absolute links', () => {
		const text = postMarkdown('https://www.example.com', post({}))
		expect(text.split('\n').slice(0, 9)).toEqual([
			'---',
			'title: "Parked vs developed"',
			'description: "Why a real site wins."',
			'canonical: "https://www.example.com/blog/parked-vs-developed"',
			'published: 2026-10-01T08:00:00.000Z',
			'last_modified: 2026-10-02T09:30:00.000Z',
			'---',
			'',
			'# Parked vs developed',
		])
		expect(text).toContain('[pricing](https://www.example.com/pricing)')
		expect(text).toContain('![chart](https://www.example.com/media/abc.webp)')
	})

	it('keeps a hostile title inside its front matter line and carries an HTML body sanitised', () => {
		const text = postMarkdown(
			'https://www.example.com',
			post({
				title: 'Break\n---\nout: "yes"',
				content: null,
				bodyhtml: '<p onclick="x()">Hi <script>alert(1)</script></p>',
			}),
		)
		expect(text).toContain('title: "Break --- out: \\"yes\\""')
		expect(text.match(/^---$/gm)).toHaveLength(2)
		expect(text).toMatch(/\n\nHi\n$/)
		expect(text).not.toMatch(/onclick|<script/)
	})

	it('writes the body as Markdown whatever a post smuggles in, as HTML or inside its Markdown', () => {
		const vectors = [
			'<img src=x onerror=alert(1)>',
			'<svg onload=alert(1)><script>alert(1)</script></svg>',
			'<a href="javascript:alert(1)">click</a>',
			'<a href="JaVaScRiPt&colon;alert(1)">colon</a>',
			'<iframe src="javascript:alert(1)"></iframe>',
			'<math><mi xlink:href="data:x,<script>alert(4)</script>">',
			'<form><button formaction=javascript:alert(1)>go</button></form>',
			'<details open ontoggle=alert(1)>',
			'<p>Quoted &lt;script&gt;alert(1)&lt;/script&gt; as text</p>',
			'<style>@import "javascript:alert(1)"</style>',
		]
		for (const vector of vectors) {
			for (const fields of [
				{ content: null, bodyhtml: vector },
				{ content: `Some **Markdown** then ${vector} and [a link](javascript:alert(2))`, bodyhtml: null },
			]) {
				const body = postMarkdown('https://www.example.com', post(fields)).split('# Parked vs developed')[1] ?? ''
				expect([vector, body]).not.toEqual([vector, expect.stringMatching(/<script|javascript:|\son\w+\s*=|<\w/i)])
			}
		}
		const markdown = postMarkdown('https://www.example.com', post({ content: '## Steps\n\n- one\n- **two**' }))
		expect(markdown).toContain('## Steps\n\n-   one\n-   **two**')
	})
})
