import type { Database } from '#app/db/client.server.ts'
import { blogImportSkips, type blogPosts, postRevisions } from '#app/db/schema.ts'

type Writer = Parameters<Parameters<Database['transaction']>[0]>[0] | Database
type Post = typeof blogPosts.$inferSelect

/** The columns a revision keeps and a restore puts back: everything an editor or an import can change. */
export const revisedColumns = [
	'title',
	'seo_slug',
	'published_at',
	'excerpt',
	'content',
	'bodyhtml',
	'featured_image',
	'featured_image_alt',
	'categories',
	'tags',
	'author',
	'status',
] as const

/** Keeps the version of a post that a save, an import or a restore is about to replace. */
export async function keepRevision(db: Writer, post: Post, reason: 'save' | 'import' | 'restore', by: number | null) {
	const snapshot = Object.fromEntries(
		revisedColumns.map((column) => {
			const value = post[column]
			return [column, value instanceof Date ? value.toISOString() : value]
		}),
	)
	await db.insert(postRevisions).values({ post_id: post.id, snapshot, operator_id: by, reason })
}

/**
 * A post that came from a file leaves its old slug (deleted, or renamed in the console): the next import must not
 * bring the unchanged file back as a post of its own.
 */
export async function skipImportOf(db: Writer, post: Pick<Post, 'seo_slug' | 'source_hash'>) {
	if (!post.source_hash) return
	await db
		.insert(blogImportSkips)
		.values({ seo_slug: post.seo_slug, source_hash: post.source_hash })
		.onConflictDoUpdate({ target: blogImportSkips.seo_slug, set: { source_hash: post.source_hash } })
}
