import { describe, expect, it } from 'vitest'
import type { blogPosts } from '#app/db/schema.ts'
import { compareRevision } from './revisions.server.ts'

const current = {
	title: 'Domains that earn',
	seo_slug: 'domains-that-earn',
	excerpt: 'Same excerpt',
	content: ['# Heading', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'a new line'].join('\n'),
	bodyhtml: null,
} as unknown as typeof blogPosts.$inferSelect

describe('a revision against the current version', () => {
	it('shows word changes in short fields, line changes in the body, and says which fields did not change', () => {
		const revision = {
			title: 'Domains that pay their way',
			seo_slug: 'domains-that-earn',
			excerpt: 'Same excerpt',
			content: ['# Heading', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'an old line'].join('\n'),
		}
		const fields = compareRevision(revision, current)
		expect(fields.map(({ field, parts }) => [field, parts === null])).toEqual([
			['title', false],
			['seo_slug', true],
			['excerpt', true],
			['content', false],
		])
		const title = fields[0]?.parts ?? []
		expect(title.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual(['pay their way'])
		expect(title.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['earn'])
		const body = fields[3]?.parts ?? []
		expect(body.map((part) => part.kind)).toEqual(['same', 'removed', 'added'])
		// Nine unchanged lines are shortened to three either side.
		expect(body[0]?.text).toBe('# Heading\none\ntwo\n… 3 unchanged lines …\nsix\nseven\neight\n')
	})
})
