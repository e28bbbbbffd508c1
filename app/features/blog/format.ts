import type { BlogTerm } from '#app/db/schema.ts'

/** Categories and tags are stored as strings or as objects with a name (spec section 3). */
export function termName(term: unknown): string | null {
	if (typeof term === 'string') return term.trim() || null
	if (term && typeof term === 'object' && 'name' in term && typeof term.name === 'string')
		return term.name.trim() || null
	return null
}

export function termNames(terms: readonly BlogTerm[] | unknown): string[] {
	if (!Array.isArray(terms)) return []
	return terms.map(termName).filter((name): name is string => name !== null)
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "January 5, 2026": computed in UTC so the server and every browser print the same day. */
export function formatPostDate(date: Date): string {
	return longDate.format(date)
}

export const WORDS_PER_MINUTE = 200

/** Words / 200 rounded up (spec section 9); null for a post without words, which has no reading time to show. */
export function readingMinutes(words: number): number | null {
	return words > 0 ? Math.ceil(words / WORDS_PER_MINUTE) : null
}
