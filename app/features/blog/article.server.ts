import type { Database } from '../../db/client.server.ts'
import { withFeaturedMedia } from '../media/responsive.server.ts'
import { formatPostDate, readingMinutes, termNames } from './format.ts'
import { blogSidebar, cachedBlogQuery, getPostBySlug, isPossibleSlug, type PostRow } from './posts.server.ts'
import { countWords, renderPostBody } from './sanitize.server.ts'
import { type ArticleView, type BlogSidebarData, emptySidebar } from './types.ts'

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

/** A published post ready to show; null when there is none. */
function getArticle(db: Database, slug: string, embedHosts: readonly string[]): Promise<ArticleView | null> {
	return cachedBlogQuery(`article:${slug}`, async () => {
		const post = await getPostBySlug(db, slug)
		return post ? withFeaturedMedia(db, articleView(post, embedHosts)) : null
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
): Promise<{ article: ArticleView | null; sidebar: BlogSidebarData }> {
	if (!isPossibleSlug(slug)) return { article: null, sidebar: emptySidebar }
	const [article, sidebar] = await Promise.all([getArticle(db, slug, embedHosts), blogSidebar(db)])
	return { article, sidebar }
}
