import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import matter from 'gray-matter'
import { z } from 'zod'
import { postLimits } from '#app/content/posts.ts'
import type { Database } from '#app/db/client.server.ts'
import { blogImportSkips, blogPosts } from '#app/db/schema.ts'
import { recordSlugChange } from '#app/features/publishing/redirects.server.ts'
import { keepRevision } from '#app/features/publishing/revisions.server.ts'
import { announceContentChange } from './content-changes.server.ts'
import { isRenderableMarkdown } from './markdown-limits.ts'
import { articlePath } from './paths.ts'
import { SEO_SLUG } from './posts.server.ts'

const emptyAsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v)
const optionalText = z.preprocess(emptyAsAbsent, z.string().trim().optional())
// The console's limit, so that every post can be edited there and is searched in full.
const optionalBody = z.preprocess(
	emptyAsAbsent,
	z
		.string()
		.trim()
		.max(postLimits.body, { error: `at most ${postLimits.body.toLocaleString('en-US')} characters` })
		.optional(),
)
const term = z.union([z.string().trim().min(1), z.object({ name: z.string().trim().min(1) }).loose()])
const terms = z.preprocess(
	(v) => (v === null || v === undefined ? [] : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v),
	z.array(term, { error: 'a list of names' }),
)

/** One post as front matter or a JSON row describes it; the body comes from the file when not given here. */
export const importedPostSchema = z
	.object({
		title: z.string({ error: 'a title' }).trim().min(1, { error: 'a title' }),
		seo_slug: z
			.string({ error: 'a slug' })
			.trim()
			.regex(SEO_SLUG.pattern, { error: 'lower-case letters, digits and single hyphens' })
			.max(SEO_SLUG.maxLength, { error: `at most ${SEO_SLUG.maxLength} characters` }),
		published_at: z.coerce.date({ error: 'a date such as 2026-01-31 or 2026-01-31T09:00:00Z' }),
		excerpt: optionalText,
		content: optionalBody,
		bodyhtml: optionalBody,
		featured_image: optionalText,
		featured_image_alt: optionalText,
		categories: terms,
		tags: terms,
		author: z.preprocess(
			(v) => (typeof v === 'string' ? { name: v } : v === null ? undefined : v),
			z.object({ name: optionalText, image: optionalText }, { error: 'a name or { name, image }' }).optional(),
		),
		/** Slugs the post had before (a rename): each old address is sent on to this one. */
		redirect_from: z.preprocess(
			(v) => (v === null || v === undefined ? [] : typeof v === 'string' ? [v] : v),
			z.array(z.string().trim().regex(SEO_SLUG.pattern, { error: 'earlier slugs' }), {
				error: 'a list of earlier slugs',
			}),
		),
	})
	.refine((post) => !post.content || isRenderableMarkdown(post.content), {
		path: ['content'],
		error: 'Markdown with fewer emphasis marks and nested quotes (it would take too long to render)',
	})

export type ImportedPost = z.infer<typeof importedPostSchema>
/** The slugs imported, those of them new or different from the stored post, and the entries refused. */
export type ImportReport = { imported: string[]; changed: string[]; errors: string[] }

function describe(error: z.ZodError) {
	return error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: expected ${issue.message}`).join('; ')
}

/** Posts per statement and transaction: about 6,000 bind parameters, far under PostgreSQL's 65,535. */
const POSTS_PER_BATCH = 500

type Entry = { label: string; post: ImportedPost } | { label: string; error: string }

/**
 * The entries of a folder of Markdown/HTML files with front matter (each file read when its turn comes) or of a JSON
 * export of blog_posts rows (each row let go once taken), validated one by one.
 */
function* entries(source: string): Generator<Entry> {
	const entry = (label: string, raw: unknown): Entry => {
		const result = importedPostSchema.safeParse(raw)
		return result.success ? { label, post: result.data } : { label, error: `${label}: ${describe(result.error)}` }
	}
	if (fs.statSync(source).isFile()) {
		const name = path.basename(source)
		let rows: unknown
		try {
			rows = JSON.parse(fs.readFileSync(source, 'utf8'))
		} catch (error) {
			yield { label: name, error: `${name}: not valid JSON (${(error as Error).message})` }
			return
		}
		const list: unknown[] = Array.isArray(rows) ? rows : [rows]
		rows = undefined
		for (let index = 0; index < list.length; index++) {
			const raw = list[index]
			list[index] = undefined
			yield entry(`${name}[${index}]`, raw)
		}
		return
	}
	const files = fs
		.readdirSync(source)
		.filter((name) => /\.(md|markdown|html?)$/i.test(name))
		.sort()
	for (const name of files) {
		let parsed: matter.GrayMatterFile<string>
		try {
			// Options turn off gray-matter's cache, which would hand back a half-parsed file after a YAML error.
			parsed = matter(fs.readFileSync(path.join(source, name), 'utf8'), {})
		} catch (error) {
			yield {
				label: name,
				error: `${name}: front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`,
			}
			continue
		}
		const body = parsed.content.trim()
		const isHtml = /\.html?$/i.test(name)
		yield entry(name, { ...parsed.data, [isHtml ? 'bodyhtml' : 'content']: body || undefined })
	}
}

/** Reads Markdown/HTML files with front matter from a folder, or a JSON export of blog_posts rows. */
export function readPosts(source: string): { posts: ImportedPost[]; errors: string[] } {
	const posts: ImportedPost[] = []
	const errors: string[] = []
	for (const entry of entries(source)) {
		if ('post' in entry) posts.push(entry.post)
		else errors.push(entry.error)
	}
	return { posts, errors }
}

/**
 * Inserts new posts and updates, by seo_slug, those whose file changed since it was last imported (its hash differs):
 * a file that did not change leaves alone a post edited in the console since, and a changed one wins, the version it
 * replaces kept as a revision. An unchanged post keeps its updated_at. Renames (`redirect_from`) leave redirects.
 * One batch, in one transaction.
 */
async function upsertBatch(db: Database, posts: ImportedPost[]): Promise<{ taken: string[]; changed: string[] }> {
	const fileRows = posts.map((post) => ({
		title: post.title,
		seo_slug: post.seo_slug,
		published_at: post.published_at,
		excerpt: post.excerpt ?? null,
		content: post.content ?? null,
		bodyhtml: post.bodyhtml ?? null,
		featured_image: post.featured_image ?? null,
		featured_image_alt: post.featured_image_alt ?? null,
		categories: post.categories,
		tags: post.tags,
		author: post.author ? { name: post.author.name ?? null, image: post.author.image ?? null } : null,
	}))
	const columns = Object.keys(fileRows[0] ?? {}) as (keyof (typeof fileRows)[number])[]
	const rows = fileRows.map((row) => ({
		...row,
		source_hash: crypto.createHash('sha256').update(JSON.stringify(row)).digest('hex'),
	}))
	const hashes = new Map(rows.map((row) => [row.seo_slug, row.source_hash]))
	const set = Object.fromEntries(columns.map((column) => [column, sql.raw(`excluded.${column}`)]))
	const changed = sql.raw(
		`(${columns.map((c) => `blog_posts.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `excluded.${c}`).join(', ')})`,
	)
	return db.transaction(async (tx) => {
		// Files whose post was deleted or renamed in the console stay out, until the file itself changes.
		const skips = await tx
			.select()
			.from(blogImportSkips)
			.where(inArray(blogImportSkips.seo_slug, [...hashes.keys()]))
		const skipped = new Set(
			skips.filter((skip) => hashes.get(skip.seo_slug) === skip.source_hash).map((skip) => skip.seo_slug),
		)
		const changedSince = skips.filter((skip) => !skipped.has(skip.seo_slug)).map((skip) => skip.seo_slug)
		if (changedSince.length) await tx.delete(blogImportSkips).where(inArray(blogImportSkips.seo_slug, changedSince))
		const taken = rows.filter((row) => !skipped.has(row.seo_slug))
		if (!taken.length) return { taken: [], changed: [] }
		const existing = await tx
			.select()
			.from(blogPosts)
			.where(
				inArray(
					blogPosts.seo_slug,
					taken.map((row) => row.seo_slug),
				),
			)
		for (const post of existing) {
			if (post.source_hash !== hashes.get(post.seo_slug)) await keepRevision(tx, post, 'import', null)
		}
		const unchanged = new Set(
			existing.filter((post) => post.source_hash === hashes.get(post.seo_slug)).map((post) => post.seo_slug),
		)
		await tx
			.insert(blogPosts)
			.values(taken)
			.onConflictDoUpdate({
				target: blogPosts.seo_slug,
				set: {
					...set,
					source_hash: sql`excluded.source_hash`,
					updated_at: sql`CASE WHEN ${changed} THEN now() ELSE blog_posts.updated_at END`,
				},
				setWhere: sql`blog_posts.source_hash IS DISTINCT FROM excluded.source_hash`,
			})
		for (const post of posts.filter((candidate) => !skipped.has(candidate.seo_slug))) {
			for (const old of post.redirect_from) {
				if (old === post.seo_slug) continue
				await recordSlugChange(tx, {
					oldPath: articlePath(old),
					newPath: articlePath(post.seo_slug),
					by: null,
					clientAddress: 'import',
				})
			}
		}
		const slugs = taken.map((row) => row.seo_slug)
		return { taken: slugs, changed: slugs.filter((slug) => !unchanged.has(slug)) }
	})
}

/**
 * Imports a folder or JSON file in batches of POSTS_PER_BATCH, each in its own transaction: a file of any size
 * imports, with memory bounded by the parsed file. Invalid entries are reported by file (a JSON row by its index)
 * and field, and the rest still import.
 */
export async function importPosts(db: Database, source: string): Promise<ImportReport> {
	const imported: string[] = []
	const changed: string[] = []
	const errors: string[] = []
	const seen = new Set<string>()
	let batch: ImportedPost[] = []
	const flush = async () => {
		if (!batch.length) return
		const posts = batch
		batch = []
		const upserted = await upsertBatch(db, posts)
		imported.push(...upserted.taken)
		changed.push(...upserted.changed)
	}
	for (const entry of entries(source)) {
		if (!('post' in entry)) {
			errors.push(entry.error)
			continue
		}
		if (seen.has(entry.post.seo_slug)) {
			errors.push(`${entry.label}: seo_slug ${entry.post.seo_slug} appears twice; the first one is imported`)
			continue
		}
		seen.add(entry.post.seo_slug)
		batch.push(entry.post)
		if (batch.length >= POSTS_PER_BATCH) await flush()
	}
	await flush()
	// Each post seen went into a batch: other instances drop their caches once the whole import is in.
	if (seen.size > 0) await announceContentChange(db)
	return { imported, changed, errors }
}
