import { sql } from 'drizzle-orm'
import { blogConstants } from '#app/content/blog.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { withFeaturedMedia, withFeaturedPictures } from '#app/features/media/responsive.server.ts'
import { formatPostDate, readingMinutes, termNames } from './format.ts'
import {
	type BlogTermSummary,
	blogSidebar,
	blogTerms,
	type CardRow,
	cachedBlogQuery,
	cardColumns,
	getPostBySlug,
	isPossibleSlug,
	newestFirst,
	type PostRow,
	published,
	textArray,
	toCard,
} from './posts.server.ts'
import { countWords, renderPostBody } from './sanitize.server.ts'
import { shareCardOf } from './share-cards.server.ts'
import { termSlug } from './terms.ts'
import { type ArticleView, type BlogSidebarData, emptySidebar, type PostCard } from './types.ts'

/** A post ready to show: sanitised body, reading time, date. The public page and every preview use this one. */
export function articleView(post: PostRow, embedHosts: readonly string[]): ArticleView {
	const html = renderPostBody(post, { embedHosts })
	return {
		title: post.title,
		seoSlug: post.seo_slug,
		publishedAt: post.published_at.toISOString(),
		modifiedAt: post.updated_at.toISOString(),
		date: formatPostDate(post.published_at),
		excerpt: post.excerpt ?? '',
		categories: termNames(post.categories),
		tags: termNames(post.tags),
		author: { name: post.author?.name?.trim() || null, image: post.author?.image?.trim() || null },
		featuredImage: post.featured_image,
		featuredImageAlt: post.featured_image_alt ?? '',
		html,
		minutes: readingMinutes(countWords(html)),
	}
}

/** A published post ready to show, with its id; null when there is none. */
function getArticle(
	db: Database,
	slug: string,
	embedHosts: readonly string[],
): Promise<{ id: number; article: ArticleView } | null> {
	return cachedBlogQuery(
		`article:${slug}`,
		async () => {
			const post = await getPostBySlug(db, slug)
			if (!post) return null
			const [article, shareCard] = await Promise.all([
				withFeaturedMedia(db, articleView(post, embedHosts)),
				shareCardOf(db, post),
			])
			return { id: post.id, article: shareCard ? { ...article, shareCard } : article }
		},
		// Made-up slugs are not kept, so they cannot push real articles out.
		(answer) => answer !== null,
	)
}

/** How many of a post's terms (each as every name stored for it) a candidate's term column holds. */
const shared = (column: 'category_names' | 'tag_names', terms: string[][]) =>
	terms.length
		? sql.join(
				terms.map((names) => sql`(c.${sql.raw(column)} && ${textArray(names)})::int`),
				sql` + `,
			)
		: sql`0`

/** A post's names of one kind as terms: names of one slug (SEO, seo) are one term, with all its stored names. */
function termsOf(known: Map<string, BlogTermSummary>, names: string[]): string[][] {
	const bySlug = new Map<string, string[]>()
	// A name without a slug (an emoji) is a term of its own; it has no letters, so it is no other term's slug.
	for (const name of names) bySlug.set(termSlug(name) || name, known.get(termSlug(name))?.names ?? [name])
	return [...bySlug.values()]
}

/**
 * Related posts are chosen among this many of the newest posts sharing a category or tag: a term most posts carry
 * would otherwise make every article score the whole blog.
 */
const RELATED_CANDIDATES = 1_000

/**
 * Up to 3 other published posts most related to a post: each shared category and tag adds its weight (categories
 * weigh more), newest first among equals; the newest posts fill the places nothing shared fills.
 */
export function relatedPosts(
	db: Database,
	post: { id: number; seoSlug: string; categories: string[]; tags: string[] },
): Promise<PostCard[]> {
	const { category, tag } = blogConstants.relatedWeights
	const limit = blogConstants.relatedPosts
	return cachedBlogQuery(`related:${post.seoSlug}`, async () => {
		const known = await blogTerms(db)
		const categoryTerms = termsOf(known.category, post.categories)
		const tagTerms = termsOf(known.tag, post.tags)
		// The names as values, not a subquery: the planner then knows how common each is and picks its index.
		const categories = textArray(categoryTerms.flat())
		const tags = textArray(tagTerms.flat())
		const rows = await selectRows<CardRow & { score: number | string }>(
			db,
			sql`WITH candidates AS (
					SELECT id, published_at, category_names, tag_names FROM blog_posts
					WHERE ${published} AND id <> ${post.id} AND (category_names && ${categories} OR tag_names && ${tags})
					ORDER BY ${newestFirst} LIMIT ${RELATED_CANDIDATES}
				),
				best AS (
					SELECT c.id, ${category} * (${shared('category_names', categoryTerms)})
						+ ${tag} * (${shared('tag_names', tagTerms)}) AS score
					FROM candidates AS c
					ORDER BY score DESC, c.published_at DESC, c.id DESC LIMIT ${limit}
				),
				newest AS (
					SELECT id, 0 AS score FROM blog_posts WHERE ${published} AND id <> ${post.id}
					ORDER BY ${newestFirst} LIMIT ${limit}
				),
				chosen AS (
					SELECT id, max(score) AS score FROM (SELECT * FROM best UNION ALL SELECT * FROM newest) AS c GROUP BY id
				)
			SELECT ${cardColumns}, score FROM blog_posts JOIN chosen USING (id)
			ORDER BY score DESC, published_at DESC, id DESC LIMIT ${limit}`,
		)
		return withFeaturedPictures(db, rows.map(toCard))
	})
}

/**
 * An article page's data. A slug no post can have (a NUL, which PostgreSQL text cannot hold, or anything else the
 * import refuses) is not found without asking the database, so it costs nothing and can never fail.
 */
export async function articlePage(
	db: Database,
	slug: string,
	embedHosts: readonly string[],
): Promise<{ article: ArticleView | null; sidebar: BlogSidebarData; related: PostCard[] }> {
	if (!isPossibleSlug(slug)) return { article: null, sidebar: emptySidebar, related: [] }
	const [post, sidebar] = await Promise.all([getArticle(db, slug, embedHosts), blogSidebar(db)])
	if (!post) return { article: null, sidebar, related: [] }
	const { article } = post
	const related = await relatedPosts(db, {
		id: post.id,
		seoSlug: slug,
		categories: article.categories,
		tags: article.tags,
	})
	return { article, sidebar, related }
}
