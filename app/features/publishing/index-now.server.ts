import type { blogPosts } from '#app/db/schema.ts'
import { articlePath } from '#app/features/blog/paths.ts'
import { enqueueIndexNowPing } from '#app/features/notifications/outbox.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { getPost } from './posts.server.ts'

type PostAddress = Pick<typeof blogPosts.$inferSelect, 'status' | 'seo_slug' | 'published_at'>

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
	const siteUrl = context.config.SITE_URL.replace(/\/+$/, '')
	const address = (post: PostAddress) => `${siteUrl}${articlePath(post.seo_slug)}`
	const wasPublic = before?.status === 'published' && before.published_at <= new Date()
	if (after?.status === 'published') {
		await enqueueIndexNowPing(context.db, context.config, [address(after)], after.published_at)
	}
	if (before && wasPublic && (after?.status !== 'published' || after.seo_slug !== before.seo_slug)) {
		await enqueueIndexNowPing(context.db, context.config, [address(before)])
	}
}
