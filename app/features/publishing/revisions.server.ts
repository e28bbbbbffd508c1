import { diffLines, diffWordsWithSpace } from 'diff'
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

/** A run of a compared field: as it is in both versions, only in the revision (removed since), or only now (added). */
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string }

/** One field of a revision against the current version; `parts` is null when the two are the same. */
export type FieldComparison = { field: ComparedField; parts: DiffPart[] | null }

export const comparedFields = ['title', 'seo_slug', 'excerpt', 'content', 'bodyhtml'] as const
export type ComparedField = (typeof comparedFields)[number]

/** Unchanged lines kept around a change; longer unchanged stretches are shortened to their ends. */
const CONTEXT_LINES = 3

function shortenSame(text: string): string {
	const ending = text.endsWith('\n') ? '\n' : ''
	const lines = (ending ? text.slice(0, -1) : text).split('\n')
	if (lines.length <= CONTEXT_LINES * 2 + 1) return text
	const hidden = lines.length - CONTEXT_LINES * 2
	const kept = [...lines.slice(0, CONTEXT_LINES), `… ${hidden} unchanged lines …`, ...lines.slice(-CONTEXT_LINES)]
	return `${kept.join('\n')}${ending}`
}

/**
 * What changed between a revision and the current version, field by field: word by word for the title, slug and
 * excerpt, line by line for the body (Myers' diff), unchanged stretches of the body shortened.
 */
export function compareRevision(revision: Record<string, unknown>, current: Post): FieldComparison[] {
	return comparedFields.flatMap((field): FieldComparison[] => {
		const before = typeof revision[field] === 'string' ? (revision[field] as string) : ''
		const after = current[field] ?? ''
		if (!before && !after) return []
		if (before === after) return [{ field, parts: null }]
		const byLine = field === 'content' || field === 'bodyhtml'
		const changes = byLine ? diffLines(before, after) : diffWordsWithSpace(before, after)
		const parts = changes.map((change): DiffPart => {
			const kind = change.added ? 'added' : change.removed ? 'removed' : 'same'
			return { kind, text: kind === 'same' && byLine ? shortenSame(change.value) : change.value }
		})
		return [{ field, parts }]
	})
}
