import crypto from 'node:crypto'
import { and, desc, eq, ilike, lt, type SQL, sql } from 'drizzle-orm'
import { data } from 'react-router'
import { type PostState, postLimits, postsCopy } from '#app/content/posts.ts'
import type { Database } from '#app/db/client.server.ts'
import { type BlogTerm, blogPosts, operators, postRevisions } from '#app/db/schema.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { termNames } from '#app/features/blog/format.ts'
import { articlePath, isReservedArticleSlug } from '#app/features/blog/paths.ts'
import type { PostRow } from '#app/features/blog/posts.server.ts'
import { readDatetimeLocal, wallTime } from '#app/features/console/time-zone.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { type PostInput, type PostIntent, slugFromTitle, termsFrom } from './post-schema.ts'
import { recordSlugChange } from './redirects.server.ts'
import { compareRevision, keepRevision, revisedColumns, skipImportOf } from './revisions.server.ts'

type Actor = { by: number; clientAddress: string }

/**
 * Held by every save of a post, and by a media deletion while it checks that nothing uses the image. Any fixed number
 * works; it only has to differ from the other advisory locks (727_001 migrations, 727_040 redirects).
 */
export const POSTS_LOCK_ID = 727_050
type Writer = Parameters<Parameters<Database['transaction']>[0]>[0]

type Post = typeof blogPosts.$inferSelect

/** Where a post stands for readers right now. */
export function postState(post: Pick<Post, 'status' | 'published_at'>, now = new Date()): PostState {
	if (post.status === 'draft') return 'draft'
	return post.published_at > now ? 'scheduled' : 'published'
}

export type PostListItem = {
	id: number
	title: string
	slug: string
	state: PostState
	publishedAt: string
	categories: string[]
	updatedAt: string
	updatedBy: string | null
}

/** A page of posts, newest change first, narrowed by state and by words of the title; `before` is the last id seen. */
export async function listPosts(
	db: Database,
	filter: { state?: PostState; search?: string; before?: number; limit?: number },
) {
	const limit = filter.limit ?? postLimits.pageSize
	const conditions: SQL[] = []
	if (filter.state === 'draft') conditions.push(eq(blogPosts.status, 'draft'))
	if (filter.state === 'scheduled')
		conditions.push(sql`${blogPosts.status} = 'published' AND ${blogPosts.published_at} > now()`)
	if (filter.state === 'published')
		conditions.push(sql`${blogPosts.status} = 'published' AND ${blogPosts.published_at} <= now()`)
	if (filter.search) conditions.push(ilike(blogPosts.title, `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
	if (filter.before !== undefined) conditions.push(lt(blogPosts.id, filter.before))
	const rows = await db
		.select({
			id: blogPosts.id,
			title: blogPosts.title,
			slug: blogPosts.seo_slug,
			status: blogPosts.status,
			published_at: blogPosts.published_at,
			categories: blogPosts.categories,
			updated_at: blogPosts.updated_at,
			updatedBy: operators.display_name,
		})
		.from(blogPosts)
		.leftJoin(operators, eq(operators.id, blogPosts.updated_by))
		.where(and(...conditions))
		.orderBy(desc(blogPosts.id))
		.limit(limit + 1)
	const now = new Date()
	return {
		posts: rows.slice(0, limit).map(
			(row): PostListItem => ({
				id: row.id,
				title: row.title,
				slug: row.slug,
				state: postState(row, now),
				publishedAt: row.published_at.toISOString(),
				categories: termNames(row.categories),
				updatedAt: row.updated_at.toISOString(),
				updatedBy: row.updatedBy,
			}),
		),
		more: rows.length > limit,
	}
}

export async function getPost(db: Database | Writer, id: number): Promise<Post | null> {
	const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id))
	return row ?? null
}

/** The post a console address names (`/admin/posts/<id>…`), or a 404 saying there is none. */
export async function requirePost(db: Database, idParam: string) {
	const id = rowIdParam(idParam)
	const post = id === undefined ? null : await getPost(db, id)
	if (!post) throw data(postsCopy.messages.notFound, { status: 404 })
	return post
}

/** The row a PostRow-taking renderer (the article page) needs, for any state. */
export function asPostRow(post: Post): PostRow {
	return { ...post, categories: post.categories, tags: post.tags }
}

/** Every category and tag in use, for the editor's suggestions. */
export async function knownTerms(db: Database) {
	const rows = await db.select({ categories: blogPosts.categories, tags: blogPosts.tags }).from(blogPosts)
	const sorted = (terms: BlogTerm[][]) => [...new Set(terms.flatMap(termNames))].sort((a, b) => a.localeCompare(b))
	return { categories: sorted(rows.map((r) => r.categories)), tags: sorted(rows.map((r) => r.tags)) }
}

export type SaveOutcome =
	| { outcome: 'saved'; id: number; state: PostState; publishedAt: Date; created: boolean }
	| { outcome: 'slug-taken'; title: string }
	| { outcome: 'stale'; by: string | null }
	| { outcome: 'unknown' }

/** A slug no other post has: the one asked for, or (made from the title) with -2, -3… added until it is free. */
async function freeSlug(tx: Writer, wanted: string, title: string, id: number | null) {
	const taken = async (slug: string) => {
		const [other] = await tx
			.select({ id: blogPosts.id, title: blogPosts.title })
			.from(blogPosts)
			.where(eq(blogPosts.seo_slug, slug))
		return other && other.id !== id ? other : null
	}
	if (wanted) {
		const other = await taken(wanted)
		return other ? { taken: other.title } : { slug: wanted, taken: undefined }
	}
	const base = slugFromTitle(title) || 'post'
	for (let n = 1; ; n++) {
		const suffix = n === 1 ? '' : `-${n}`
		const slug = `${base.slice(0, postLimits.slug - suffix.length).replace(/-+$/, '')}${suffix}`
		if (!isReservedArticleSlug(slug) && !(await taken(slug))) return { slug, taken: undefined }
	}
}

/** The publish date the editor shows: none for a draft saved without one, which is dated the moment it is published. */
export function publishAtShown(post: Pick<Post, 'status' | 'published_at' | 'publish_date_chosen'>, zone: string) {
	return post.status === 'draft' && !post.publish_date_chosen ? '' : wallTime(post.published_at, zone)
}

/** The row's values an editor's input gives, for the state its button asks for. */
function valuesOf(input: PostInput, intent: PostIntent, current: Post | null, slug: string) {
	const keepsState = intent === 'save'
	const status = keepsState ? (current?.status ?? 'draft') : intent === 'publish' ? 'published' : 'draft'
	// Publishing without a date publishes now; a draft saved without one is dated when it is published.
	const asked = readDatetimeLocal(input.publishAt)
	const publishedAt =
		asked ??
		(status === 'published' ? (intent === 'publish' ? new Date() : (current?.published_at ?? new Date())) : new Date())
	const body = input.body.trim() === '' ? null : input.body
	return {
		title: input.title,
		seo_slug: slug,
		excerpt: input.excerpt,
		content: input.bodyFormat === 'markdown' ? body : null,
		bodyhtml: input.bodyFormat === 'html' ? body : null,
		categories: termsFrom(input.categories),
		tags: termsFrom(input.tags),
		author: input.authorName || input.authorImage ? { name: input.authorName, image: input.authorImage } : null,
		featured_image: input.featuredImage,
		featured_image_alt: input.featuredImage ? input.featuredImageAlt : null,
		status,
		published_at: publishedAt,
		publish_date_chosen: asked !== null || status === 'published',
	} satisfies Partial<typeof blogPosts.$inferInsert>
}

/** A published post that readers can open now: changing its slug leaves a redirect behind. */
const isLive = (post: Post) => postState(post) === 'published'

/**
 * Creates or saves a post from the editor. A save made from a version that is no longer current is refused (nothing
 * is lost: the form keeps its text); every save keeps the version it replaced as a revision; a published post whose
 * slug changes leaves a permanent redirect from its old address.
 */
export async function savePost(
	db: Database,
	request: { id: number | null; input: PostInput; intent: PostIntent },
	actor: Actor,
): Promise<SaveOutcome> {
	return db.transaction(async (tx): Promise<SaveOutcome> => {
		// One save at a time: two posts taking the same slug at once would otherwise meet the unique index (a 5xx).
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${POSTS_LOCK_ID})`)
		let current: Post | null = null
		if (request.id !== null) {
			const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, request.id)).for('update')
			if (!row) return { outcome: 'unknown' }
			current = row
			if (request.input.updatedAt !== row.updated_at.toISOString()) {
				const [who] = row.updated_by
					? await tx.select({ name: operators.display_name }).from(operators).where(eq(operators.id, row.updated_by))
					: []
				return { outcome: 'stale', by: who?.name ?? null }
			}
		}
		const free = await freeSlug(tx, request.input.slug.trim(), request.input.title, request.id)
		if (free.taken !== undefined) return { outcome: 'slug-taken', title: free.taken }
		const values = valuesOf(request.input, request.intent, current, free.slug)
		let saved: Post | undefined
		if (current) {
			await keepRevision(tx, current, 'save', actor.by)
			;[saved] = await tx
				.update(blogPosts)
				.set({ ...values, updated_at: sql`clock_timestamp()`, updated_by: actor.by })
				.where(eq(blogPosts.id, current.id))
				.returning()
			if (saved && current.seo_slug !== saved.seo_slug) await skipImportOf(tx, current)
			// Only between two public addresses: a redirect to an unpublished post would reveal its new slug.
			if (saved && isLive(current) && isLive(saved) && current.seo_slug !== saved.seo_slug) {
				await recordSlugChange(tx, {
					oldPath: articlePath(current.seo_slug),
					newPath: articlePath(saved.seo_slug),
					by: actor.by,
					clientAddress: actor.clientAddress,
				})
			}
		} else {
			;[saved] = await tx
				.insert(blogPosts)
				.values({ ...values, updated_by: actor.by })
				.returning()
		}
		if (!saved) throw new Error('the post was not written')
		const state = postState(saved)
		const action =
			request.intent === 'publish'
				? state === 'scheduled'
					? 'post.scheduled'
					: 'post.published'
				: request.intent === 'unpublish'
					? 'post.unpublished'
					: current
						? 'post.saved'
						: 'post.created'
		await recordAudit(tx, {
			action,
			operatorId: actor.by,
			target: `post:${saved.id}`,
			clientAddress: actor.clientAddress,
			detail: { slug: saved.seo_slug, state },
		})
		return { outcome: 'saved', id: saved.id, state, publishedAt: saved.published_at, created: !current }
	})
}

export async function deletePost(db: Database, id: number, actor: Actor) {
	const [gone] = await db
		.delete(blogPosts)
		.where(eq(blogPosts.id, id))
		.returning({ slug: blogPosts.seo_slug, source_hash: blogPosts.source_hash })
	if (!gone) return false
	await skipImportOf(db, { seo_slug: gone.slug, source_hash: gone.source_hash })
	await recordAudit(db, {
		action: 'post.deleted',
		operatorId: actor.by,
		target: `post:${id}`,
		clientAddress: actor.clientAddress,
		detail: { slug: gone.slug },
	})
	return true
}

export type RevisionItem = {
	id: number
	reason: 'save' | 'import' | 'restore'
	createdAt: string
	by: string | null
	title: string
}

export async function listRevisions(db: Database, postId: number): Promise<RevisionItem[]> {
	const rows = await db
		.select({
			id: postRevisions.id,
			reason: postRevisions.reason,
			createdAt: postRevisions.created_at,
			by: operators.display_name,
			snapshot: postRevisions.snapshot,
		})
		.from(postRevisions)
		.leftJoin(operators, eq(operators.id, postRevisions.operator_id))
		.where(eq(postRevisions.post_id, postId))
		.orderBy(desc(postRevisions.id))
		.limit(200)
	return rows.map((row) => ({
		id: row.id,
		reason: row.reason,
		createdAt: row.createdAt.toISOString(),
		by: row.by,
		title: String(row.snapshot.title ?? ''),
	}))
}

/** A revision of a post against its current version, or null when the post has no such revision. */
export async function revisionComparison(db: Database, postId: number, revisionId: number) {
	const found = await postAndRevision(db, postId, revisionId)
	return found && { revisionId, fields: compareRevision(found.snapshot, found.current) }
}

/** A post and one of its own revisions' snapshot; null when either is unknown. */
async function postAndRevision(db: Database, postId: number, revisionId: number) {
	const [[current], [revision]] = await Promise.all([
		db.select().from(blogPosts).where(eq(blogPosts.id, postId)),
		db
			.select({ snapshot: postRevisions.snapshot })
			.from(postRevisions)
			.where(and(eq(postRevisions.id, revisionId), eq(postRevisions.post_id, postId))),
	])
	return current && revision ? { current, snapshot: revision.snapshot } : null
}

/** What a restore takes from a revision: the words; whether and when the post is public stays (publishing is its own step). */
function restoredValues(snapshot: Record<string, unknown>) {
	return Object.fromEntries(
		revisedColumns
			.filter((column) => column !== 'status' && column !== 'published_at')
			.map((column) => [column, snapshot[column]]),
	) as Partial<Post>
}

/** The post as restoring a revision would make it, for its preview; null when either is unknown. */
export async function revisionAsPost(db: Database, postId: number, revisionId: number): Promise<Post | null> {
	const found = await postAndRevision(db, postId, revisionId)
	return found && { ...found.current, ...restoredValues(found.snapshot) }
}

/** Makes a revision the current version; the version it replaces becomes a revision in turn. */
export async function restoreRevision(db: Database, postId: number, revisionId: number, actor: Actor) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${POSTS_LOCK_ID})`)
		const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for('update')
		const [revision] = await tx
			.select({ snapshot: postRevisions.snapshot })
			.from(postRevisions)
			.where(and(eq(postRevisions.id, revisionId), eq(postRevisions.post_id, postId)))
		if (!current || !revision) return 'unknown' as const
		const snapshot = revision.snapshot
		const slugOwner = await tx
			.select({ id: blogPosts.id, title: blogPosts.title })
			.from(blogPosts)
			.where(eq(blogPosts.seo_slug, String(snapshot.seo_slug)))
		if (slugOwner[0] && slugOwner[0].id !== postId) return { taken: slugOwner[0].title }
		await keepRevision(tx, current, 'restore', actor.by)
		const values = restoredValues(snapshot)
		const [restored] = await tx
			.update(blogPosts)
			.set({ ...values, updated_at: sql`clock_timestamp()`, updated_by: actor.by })
			.where(eq(blogPosts.id, postId))
			.returning()
		if (restored && current.seo_slug !== restored.seo_slug) await skipImportOf(tx, current)
		if (restored && isLive(current) && isLive(restored) && current.seo_slug !== restored.seo_slug) {
			await recordSlugChange(tx, {
				oldPath: articlePath(current.seo_slug),
				newPath: articlePath(restored.seo_slug),
				by: actor.by,
				clientAddress: actor.clientAddress,
			})
		}
		await recordAudit(tx, {
			action: 'post.restored',
			operatorId: actor.by,
			target: `post:${postId}`,
			clientAddress: actor.clientAddress,
			detail: { revision: revisionId },
		})
		return 'restored' as const
	})
}

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** A new secret preview link for a post (an older one stops working); only its hash is kept. */
export async function createPreviewToken(db: Database, postId: number, actor: Actor) {
	const token = crypto.randomBytes(32).toString('base64url')
	const [post] = await db
		.update(blogPosts)
		.set({ preview_token_hash: tokenHash(token) })
		.where(eq(blogPosts.id, postId))
		.returning({ id: blogPosts.id })
	if (!post) return null
	await recordAudit(db, {
		action: 'post.preview_shared',
		operatorId: actor.by,
		target: `post:${postId}`,
		clientAddress: actor.clientAddress,
	})
	return token
}

export async function revokePreviewToken(db: Database, postId: number, actor: Actor) {
	await db.update(blogPosts).set({ preview_token_hash: null }).where(eq(blogPosts.id, postId))
	await recordAudit(db, {
		action: 'post.preview_revoked',
		operatorId: actor.by,
		target: `post:${postId}`,
		clientAddress: actor.clientAddress,
	})
}

/** The post a secret preview link opens, or null for a link that was never made, was revoked or replaced. */
export async function postByPreviewToken(db: Database, token: string): Promise<Post | null> {
	if (!/^[\w-]{43}$/.test(token)) return null
	const [post] = await db
		.select()
		.from(blogPosts)
		.where(eq(blogPosts.preview_token_hash, tokenHash(token)))
	return post ?? null
}
