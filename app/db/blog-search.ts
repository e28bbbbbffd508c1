import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core'

type Column = AnyPgColumn | ExtraConfigColumn | SQL

/** The text search configuration of the blog: English stemming and stop words, the language posts are written in. */
export const BLOG_SEARCH_CONFIG = sql.raw("'english'::regconfig")

/**
 * A category or tag list (strings, or objects with a name) as text[]: what archives, related posts and the sidebar
 * match and count. `blog_term_names` is created by migration 0006; it is immutable, so generated columns may use it.
 */
export const termNamesOf = (terms: Column) => sql`blog_term_names(${terms})`

// A tsvector holds at most 1 MB: the body's first 200,000 characters (the console's limit) always fit.
const INDEXED_BODY_CHARS = sql.raw('200000')

/**
 * A post's body as plain words, its first 200,000 characters: `bodyhtml` when it holds something, else `content` (Markdown), without tags, link
 * targets, entities, control characters and Markdown's marks. The search document and the result snippets share it,
 * so markup from a post can never reach a snippet.
 */
export function postPlainText(bodyhtml: Column, content: Column) {
	const body = sql`coalesce(nullif(btrim(${bodyhtml}), ''), ${content}, '')`
	const untagged = sql`regexp_replace(${body}, '<[^>]*>|\\]\\([^)]*\\)', ' ', 'g')`
	const unescaped = sql`regexp_replace(${untagged}, '&[#a-zA-Z0-9]+;', ' ', 'g')`
	return sql`left(regexp_replace(${unescaped}, '[[:cntrl:]<>*_#\`~|\\[\\]]+', ' ', 'g'), ${INDEXED_BODY_CHARS})`
}

/** Title first, then categories and tags, the excerpt, the body: each weighted by how much a match there says. */
export function postSearchDocument(post: {
	title: Column
	excerpt: Column
	bodyhtml: Column
	content: Column
	categories: Column
	tags: Column
}) {
	return sql`setweight(to_tsvector(${BLOG_SEARCH_CONFIG}, coalesce(${post.title}, '')), 'A')
		|| setweight(jsonb_to_tsvector(${BLOG_SEARCH_CONFIG}, ${post.categories}, '["string"]')
			|| jsonb_to_tsvector(${BLOG_SEARCH_CONFIG}, ${post.tags}, '["string"]'), 'B')
		|| setweight(to_tsvector(${BLOG_SEARCH_CONFIG}, coalesce(${post.excerpt}, '')), 'C')
		|| setweight(to_tsvector(${BLOG_SEARCH_CONFIG}, ${postPlainText(post.bodyhtml, post.content)}), 'D')`
}
