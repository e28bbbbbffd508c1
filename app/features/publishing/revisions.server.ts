import type { Database } from '../../db/client.server.ts'
import { type blogPosts, postRevisions } from '../../db/schema.ts'

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
