import { describe, expect, it } from 'vitest'
import { answerEngineLinks, prefersMarkdown } from './negotiation.server.ts'

describe('prefersMarkdown', () => {
	it('is true where Markdown is named above HTML, or alone, or against a wildcard', () => {
		for (const accept of [
			'text/markdown',
			'text/markdown, text/html;q=0.9',
			'text/html;q=0.5, text/markdown',
			'text/markdown, */*',
			'text/markdown;q=0.8, text/*;q=0.5',
			'TEXT/MARKDOWN',
		]) {
			expect([accept, prefersMarkdown(accept)]).toEqual([accept, true])
		}
	})

	it('is false for browsers, wildcards, HTML named first at the same quality, and a refused Markdown', () => {
		for (const accept of [
			undefined,
			'',
			'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
			'*/*',
			'text/html, text/markdown',
			'text/markdown;q=0.5, text/html',
			'text/markdown;q=0',
			'text/markdown;q=nonsense',
			'text/markdown;q=0.5, */*',
		]) {
			expect([accept, prefersMarkdown(accept)]).toEqual([accept, false])
		}
	})
})

describe('answerEngineLinks', () => {
	it('links the Markdown version (index.md for the home page) and the llms.txt', () => {
		expect(answerEngineLinks('https://www.example.com', '/')).toBe(
			'<https://www.example.com/index.md>; rel="alternate"; type="text/markdown", <https://www.example.com/llms.txt>; rel="describedby"',
		)
		expect(answerEngineLinks('https://www.example.com', '/pricing')).toContain('/pricing.md>; rel="alternate"')
	})
})
