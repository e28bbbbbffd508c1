import { inArray } from 'drizzle-orm'
import type { Database } from '#app/db/client.server.ts'
import { blogPosts } from '#app/db/schema.ts'
import { articlePath } from '#app/features/blog/paths.ts'
import { enqueueIndexNowPing } from '#app/features/notifications/outbox.server.ts'
import type { Config } from '#app/features/site/config.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { getPost } from './posts.server.ts'

type PostAddress = Pick<typeof blogPosts.$inferSelect, 'status' | 'seo_slug' | 'published_at'>

/** A post's public address, as IndexNow is told it. */
const postUrl = (config: Pick<Config, 'SITE_URL'>, slug: string) =>
	`${config.SITE_URL.replace(/\/+$/, '')}${articlePath(slug)}`

/** A post as it stands before a change: where it was public, if it was. */
export async function postBeforeChange(context: Pick<SiteContext, 'db'>, id: number | null) {
	return id === null ? null : getPost(context.db, id)
}

/**
 * After a post is published, changed, scheduled, unpublished or deleted: one IndexNow ping (through the outbox) for
 * its public address, held until a scheduled post goes live, and one now for an address it no longer holds.
 */
export async function pingForPostChange(
	context: Pick<SiteContext, 'db' | 'config'>,
	before: PostAddress | null,
	after: PostAddress | null,
) {
	const address = (post: PostAddress) => postUrl(context.config, post.seo_slug)
	const wasPublic = before?.status === 'published' && before.published_at <= new Date()
	if (after?.status === 'published') {
		await enqueueIndexNowPing(context.db, context.config, [address(after)], after.published_at)
	}
	if (before && wasPublic && (after?.status !== 'published' || after.seo_slug !== before.seo_slug)) {
		await enqueueIndexNowPing(context.db, context.config, [address(before)])
	}
}

/** IndexNow takes up to 10,000 addresses in one request. */
const INDEXNOW_BATCH = 10_000

/**
 * After an import: the posts it added or changed that are public, pinged in IndexNow's batches, and each scheduled one
 * at its time. Nothing when INDEXNOW_KEY is unset.
 */
export async function pingForImportedPosts(
	db: Database,
	config: Pick<Config, 'INDEXNOW_KEY' | 'SITE_URL'>,
	slugs: string[],
) {
	if (!config.INDEXNOW_KEY) return
	for (let start = 0; start < slugs.length; start += INDEXNOW_BATCH) {
		const posts = await db
			.select({ slug: blogPosts.seo_slug, status: blogPosts.status, publishedAt: blogPosts.published_at })
			.from(blogPosts)
			.where(inArray(blogPosts.seo_slug, slugs.slice(start, start + INDEXNOW_BATCH)))
		const now = new Date()
		const published = posts.filter((post) => post.status === 'published')
		const live = published.filter((post) => post.publishedAt <= now).map((post) => postUrl(config, post.slug))
		await enqueueIndexNowPing(db, config, live)
		for (const post of published.filter((candidate) => candidate.publishedAt > now)) {
			await enqueueIndexNowPing(db, config, [postUrl(config, post.slug)], post.publishedAt)
		}
	}
}
