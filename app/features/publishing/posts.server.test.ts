import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, blogPosts, operators, postRevisions, redirects } from '#app/db/schema.ts'
import { importPosts } from '#app/features/blog/import.server.ts'
import { clearBlogCache, getPostBySlug, listPublishedPosts } from '#app/features/blog/posts.server.ts'
import { renderPostBody } from '#app/features/blog/sanitize.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { tempDir } from '#tests/support/temp-dir.ts'
import { type PostInput, postSchema, slugFromTitle } from './post-schema.ts'
import {
	createPreviewToken,
	deletePost,
	getPost,
	listPosts,
	listRevisions,
	postByPreviewToken,
	publishAtShown,
	restoreRevision,
	revokePreviewToken,
	savePost,
} from './posts.server.ts'

/** The editor's fields as a browser sends them. */
const typed = (fields: Partial<Record<keyof PostInput, string>> = {}): Record<keyof PostInput, string> => ({
	title: 'Parked domains that earn',
	slug: '',
	excerpt: 'Why parking pages leave money on the table.',
	bodyFormat: 'markdown',
	body: '# Hello\n\nText with <script>alert(1)</script>.',
	categories: 'Strategy, Guides',
	tags: 'parking',
	authorName: '',
	authorImage: '',
	featuredImage: '',
	featuredImageAlt: '',
	publishAt: '',
	intent: 'draft',
	updatedAt: '',
	...fields,
})

const input = (fields: Partial<Record<keyof PostInput, string>> = {}): PostInput => {
	const parsed = postSchema.safeParse(typed(fields))
	if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues))
	return parsed.data
}

describe('the post schema', () => {
	it('makes slugs from titles and needs a text alternative with an image', () => {
		expect(slugFromTitle('  Zoë’s 10 Best .com Names!  ')).toBe('zoe-s-10-best-com-names')
		const missingAlt = postSchema.safeParse({ ...typed(), featuredImage: '/media/x.webp', featuredImageAlt: '' })
		expect(missingAlt.success).toBe(false)
		const script = postSchema.safeParse({ ...typed(), featuredImage: 'javascript:alert(1)', featuredImageAlt: 'x' })
		expect(script.success).toBe(false)
	})

	it('refuses dates outside 1970 to 9999 or that do not exist, and Markdown too costly to render', () => {
		for (const publishAt of ['0000-01-01T00:00', '0050-06-01T00:00', '2024-02-30T10:00', '2026-13-01T00:00']) {
			expect([publishAt, postSchema.safeParse({ ...typed(), publishAt }).success]).toEqual([publishAt, false])
		}
		expect(postSchema.safeParse({ ...typed(), publishAt: '2026-12-01T09:30:15' }).success).toBe(true)
		expect(postSchema.safeParse({ ...typed(), body: '*a'.repeat(10_000) }).success).toBe(false)
		expect(postSchema.safeParse({ ...typed(), body: `${'>'.repeat(5_000)} x` }).success).toBe(false)
		expect(postSchema.safeParse({ ...typed(), bodyFormat: 'html', body: '*a'.repeat(10_000) }).success).toBe(true)
		// Stored before the check (or by hand): it still renders, as text, never a 500.
		expect(renderPostBody({ content: `${'>'.repeat(5_000)} x`, bodyhtml: null }, { embedHosts: [] })).toContain('&gt;')
	})
})

describe.each(databaseDrivers())('publishing posts on $name', (driver) => {
	const database = withTestDatabase(driver)
	let ada: number
	let grace: number
	const actor = () => ({ by: ada, clientAddress: '203.0.113.7' })

	beforeAll(async () => {
		const rows = await database.db
			.insert(operators)
			.values([
				{ email: 'ada@ops.example', display_name: 'Ada', password_hash: 'x' },
				{ email: 'grace@ops.example', display_name: 'Grace', password_hash: 'x' },
			])
			.returning({ id: operators.id })
		ada = rows[0]?.id ?? 0
		grace = rows[1]?.id ?? 0
	})
	beforeEach(async () => {
		await database.db.delete(blogPosts)
		await database.db.delete(redirects)
		clearBlogCache()
	})

	async function saved(fields: Partial<Record<keyof PostInput, string>>, id: number | null = null) {
		const current = id === null ? null : await getPost(database.db, id)
		const answer = await savePost(
			database.db,
			{
				id,
				input: input({ updatedAt: current?.updated_at.toISOString() ?? '', ...fields }),
				intent: (fields.intent ?? 'draft') as PostInput['intent'],
			},
			actor(),
		)
		if (answer.outcome !== 'saved') throw new Error(`not saved: ${answer.outcome}`)
		clearBlogCache()
		return answer
	}

	it('keeps a draft out of the blog, publishes it now, and schedules another for later', async () => {
		const draft = await saved({})
		expect(draft).toMatchObject({ state: 'draft', created: true })
		expect((await listPublishedPosts(database.db, 1)).posts).toEqual([])
		const published = await saved({ intent: 'publish' }, draft.id)
		expect(published.state).toBe('published')
		expect((await listPublishedPosts(database.db, 1)).posts.map((post) => post.seoSlug)).toEqual([
			'parked-domains-that-earn',
		])
		const later = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16)
		const scheduled = await saved({ title: 'Next week', publishAt: later, intent: 'publish' })
		expect(scheduled.state).toBe('scheduled')
		expect(await getPostBySlug(database.db, 'next-week')).toBeNull()
		expect((await listPosts(database.db, { state: 'scheduled' })).posts.map((post) => post.title)).toEqual([
			'Next week',
		])
		const unpublished = await saved({ intent: 'unpublish' }, draft.id)
		expect(unpublished.state).toBe('draft')
		expect(await getPostBySlug(database.db, 'parked-domains-that-earn')).toBeNull()
		const actions = await database.db.select({ action: auditLog.action }).from(auditLog)
		expect(actions.map((entry) => entry.action)).toEqual(
			expect.arrayContaining(['post.created', 'post.published', 'post.scheduled', 'post.unpublished']),
		)
	})

	it('dates a draft saved without a date the moment it is published, not when it was saved', async () => {
		const draft = await saved({})
		const savedDraft = await getPost(database.db, draft.id)
		if (!savedDraft) throw new Error('no draft')
		expect(publishAtShown(savedDraft, 'UTC')).toBe('')
		await database.db
			.update(blogPosts)
			.set({ published_at: new Date('2026-01-05T09:00:00Z') })
			.where(eq(blogPosts.id, draft.id))
		// The editor posts the date field as it showed it: empty.
		const published = await saved({ intent: 'publish', publishAt: publishAtShown(savedDraft, 'UTC') }, draft.id)
		expect(Date.now() - published.publishedAt.getTime()).toBeLessThan(60_000)
		const row = await getPost(database.db, draft.id)
		expect(row && publishAtShown(row, 'UTC')).toBe(published.publishedAt.toISOString().slice(0, 19))
		// A date chosen for a draft stays chosen.
		const dated = await saved({ title: 'Dated draft', publishAt: '2026-03-02T08:30' })
		const datedRow = await getPost(database.db, dated.id)
		expect(datedRow && publishAtShown(datedRow, 'UTC')).toMatch(/^2026-03-02T/)
	})

	it('gives every post its own slug and refuses a slug another post has', async () => {
		const first = await saved({})
		const second = await saved({})
		expect((await getPost(database.db, second.id))?.seo_slug).toBe('parked-domains-that-earn-2')
		const taken = await savePost(
			database.db,
			{ id: null, input: input({ slug: 'parked-domains-that-earn' }), intent: 'draft' },
			actor(),
		)
		expect(taken).toEqual({ outcome: 'slug-taken', title: 'Parked domains that earn' })
		expect(first.id).not.toBe(second.id)
		// The blog's search page has /blog/search: a post titled "Search" gets another address, and asking for it fails.
		const search = await saved({ title: 'Search' })
		expect((await getPost(database.db, search.id))?.seo_slug).toBe('search-2')
		expect(postSchema.safeParse(typed({ slug: 'search' })).success).toBe(false)
	})

	it('refuses a save made from an older version, naming who saved in between', async () => {
		const post = await saved({})
		const opened = (await getPost(database.db, post.id))?.updated_at.toISOString() ?? ''
		await savePost(
			database.db,
			{ id: post.id, input: input({ title: 'Grace was here', updatedAt: opened }), intent: 'save' },
			{ by: grace, clientAddress: '203.0.113.8' },
		)
		const late = await savePost(
			database.db,
			{ id: post.id, input: input({ title: 'Ada too late', updatedAt: opened }), intent: 'save' },
			actor(),
		)
		expect(late).toEqual({ outcome: 'stale', by: 'Grace' })
		expect((await getPost(database.db, post.id))?.title).toBe('Grace was here')
	})

	it('restores the words of a revision but leaves whether the post is public as it is', async () => {
		const post = await saved({ title: 'Public once', intent: 'publish' })
		await saved({ title: 'Pulled', intent: 'unpublish' }, post.id)
		const [revision] = await listRevisions(database.db, post.id)
		expect(await restoreRevision(database.db, post.id, revision?.id ?? 0, actor())).toBe('restored')
		expect(await getPost(database.db, post.id)).toMatchObject({ title: 'Public once', status: 'draft' })
	})

	it('keeps each replaced version and restores one, keeping the version it replaces', async () => {
		const post = await saved({ title: 'First title' })
		await saved({ title: 'Second title' }, post.id)
		await saved({ title: 'Third title' }, post.id)
		const revisions = await listRevisions(database.db, post.id)
		expect(revisions.map((revision) => [revision.title, revision.reason, revision.by])).toEqual([
			['Second title', 'save', 'Ada'],
			['First title', 'save', 'Ada'],
		])
		const first = revisions[1]?.id ?? 0
		expect(await restoreRevision(database.db, post.id, first, actor())).toBe('restored')
		expect((await getPost(database.db, post.id))?.title).toBe('First title')
		expect((await listRevisions(database.db, post.id))[0]).toMatchObject({ title: 'Third title', reason: 'restore' })
		expect(await restoreRevision(database.db, post.id, 999_999, actor())).toBe('unknown')
	})

	it('leaves a permanent redirect behind when a published post changes its slug, not when a draft does', async () => {
		const post = await saved({ intent: 'publish' })
		await saved({ slug: 'earning-domains', intent: 'save' }, post.id)
		const rows = await database.db.select().from(redirects)
		expect(rows.map((row) => [row.from_path, row.to_path, row.status_code])).toEqual([
			['/blog/parked-domains-that-earn', '/blog/earning-domains', 301],
		])
		const draft = await saved({ title: 'A draft' })
		await saved({ slug: 'a-draft-renamed' }, draft.id)
		// Unpublished in the same save: a redirect would show the new slug of a post nobody may read.
		await saved({ slug: 'secret-new-name', intent: 'unpublish' }, post.id)
		expect(await database.db.select().from(redirects)).toHaveLength(1)
	})

	it('opens a draft through a secret preview link until the link is revoked or replaced', async () => {
		const post = await saved({})
		const token = (await createPreviewToken(database.db, post.id, actor())) ?? ''
		expect((await postByPreviewToken(database.db, token))?.id).toBe(post.id)
		const newer = (await createPreviewToken(database.db, post.id, actor())) ?? ''
		expect(await postByPreviewToken(database.db, token)).toBeNull()
		expect((await postByPreviewToken(database.db, newer))?.id).toBe(post.id)
		await revokePreviewToken(database.db, post.id, actor())
		expect(await postByPreviewToken(database.db, newer)).toBeNull()
		expect(await postByPreviewToken(database.db, 'not-a-token')).toBeNull()
	})

	it('leaves a post edited in the console alone when its file did not change, and lets a changed file win', async () => {
		const dir = tempDir('posts-import-')
		const file = (title: string, extra = '') =>
			fs.writeFileSync(
				path.join(dir, 'post.md'),
				`---\ntitle: ${title}\nseo_slug: from-a-file\npublished_at: 2026-01-02\n${extra}---\nBody\n`,
			)
		file('From a file')
		await importPosts(database.db, dir)
		const post = (await listPosts(database.db, {})).posts[0]
		expect(post?.title).toBe('From a file')
		await saved({ title: 'Edited in the console', slug: 'from-a-file', intent: 'save' }, post?.id ?? 0)
		await importPosts(database.db, dir)
		expect((await getPost(database.db, post?.id ?? 0))?.title).toBe('Edited in the console')
		file('The file changed', 'redirect_from: [older-slug]\n')
		await importPosts(database.db, dir)
		expect((await getPost(database.db, post?.id ?? 0))?.title).toBe('The file changed')
		expect(
			(await listRevisions(database.db, post?.id ?? 0)).map((revision) => [revision.title, revision.reason]),
		).toEqual([
			['Edited in the console', 'import'],
			['From a file', 'save'],
		])
		const [moved] = await database.db.select().from(redirects)
		expect([moved?.from_path, moved?.to_path]).toEqual(['/blog/older-slug', '/blog/from-a-file'])
	})

	it('does not bring back from its unchanged file a post deleted or renamed in the console', async () => {
		const dir = tempDir('posts-skips-')
		const write = (slug: string, title: string) =>
			fs.writeFileSync(
				path.join(dir, `${slug}.md`),
				`---\ntitle: ${title}\nseo_slug: ${slug}\npublished_at: 2026-01-02\n---\nBody\n`,
			)
		write('gone-soon', 'Gone soon')
		write('old-name', 'Old name')
		await importPosts(database.db, dir)
		const posts = (await listPosts(database.db, {})).posts
		const gone = posts.find((post) => post.slug === 'gone-soon')
		const renamed = posts.find((post) => post.slug === 'old-name')
		await deletePost(database.db, gone?.id ?? 0, actor())
		await saved({ title: 'Old name', slug: 'new-name', intent: 'save' }, renamed?.id ?? 0)
		expect((await importPosts(database.db, dir)).imported).toEqual([])
		expect((await listPosts(database.db, {})).posts.map((post) => post.slug).sort()).toEqual(['new-name'])
		// The file itself changed: it is imported again.
		write('gone-soon', 'Back with news')
		expect((await importPosts(database.db, dir)).imported).toEqual(['gone-soon'])
	})

	it('deletes a post with its revisions', async () => {
		const post = await saved({})
		await saved({ title: 'Changed' }, post.id)
		expect(await deletePost(database.db, post.id, actor())).toBe(true)
		expect(await getPost(database.db, post.id)).toBeNull()
		expect(await database.db.select().from(postRevisions).where(eq(postRevisions.post_id, post.id))).toEqual([])
		expect(await deletePost(database.db, post.id, actor())).toBe(false)
	})
})
