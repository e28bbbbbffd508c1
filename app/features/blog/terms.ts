import { blogConstants } from '#app/content/blog.ts'

/** Whether a term is a category or a tag: each kind has its own archives and slugs. */
export type TermKind = 'category' | 'tag'

/**
 * A category's or tag's slug: lower case, letters and digits of any script kept, everything else one hyphen, except
 * the marks that make a name of their own: `#` and `+` after a word (C#, C++) are `sharp` and `plus`, a leading dot
 * (.NET, .ai) is `dot`. It depends on the name alone, so it is stable; names that give one slug ("SEO", "seo") are one
 * term of their kind.
 */
export function termSlug(name: string): string {
	const slug = name
		.normalize('NFKC')
		.toLowerCase()
		.trim()
		.replace(/(?<=[\p{L}\p{M}\p{N}])#/gu, '-sharp-')
		.replace(/(?<=[\p{L}\p{M}\p{N}]\+*)\+/gu, '-plus-')
		.replace(/^\.(?=[\p{L}\p{M}\p{N}])/u, 'dot-')
		.replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
		.replace(/^-+|-+$/g, '')
	return Array.from(slug).slice(0, blogConstants.termSlugMaxLength).join('').replace(/-+$/, '')
}

/** Whether a slug in an address could name a term: one termSlug returns unchanged. */
export function isPossibleTermSlug(slug: string): boolean {
	return slug !== '' && termSlug(slug) === slug
}
