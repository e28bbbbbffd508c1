import crypto from 'node:crypto'
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import type { Database } from '#app/db/client.server.ts'
import { blogPosts, media, mediaVariants, operators } from '#app/db/schema.ts'
import { announceContentChange } from '#app/features/blog/content-changes.server.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import { POSTS_LOCK_ID } from '#app/features/publishing/posts.server.ts'
import { type ImageFormat, imageFormats, mediaFileName, mediaPath } from './paths.ts'

// libvips keeps recent operations and their pixels for reuse; no upload repeats one, so the memory is better freed.
sharp.cache(false)

/** The format a file's first bytes announce, since a name can lie; AVIF is an ISO file whose `ftyp` names its brand. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
	const text = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1')
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
	if (text(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
	if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif'
	if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp'
	if (bytes.length >= 16 && text(4, 8) === 'ftyp') {
		const boxEnd = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length)
		// The major brand, then (after the minor version) the compatible brands.
		const brands = [text(8, 12)]
		for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(text(offset, offset + 4))
		if (brands.includes('avif') || brands.includes('avis')) return 'avif'
	}
	return null
}

export type MediaRefusal = 'tooLarge' | 'notImage' | 'tooManyPixels' | 'unreadable'

export type StoredImage = {
	id: number
	/** `<sha256>.<extension>`: the file's name under /media. */
	file: string
	/** The site path it is served at; it never changes, so it may be cached for good. */
	url: string
	contentType: string
	width: number
	height: number
	byteSize: number
	originalName: string | null
	/** What the image shows, as an operator described it; offered when the image is put in a post. */
	altText: string | null
}

export type StoreImageResult =
	| { ok: true; image: StoredImage; duplicate: boolean }
	| { ok: false; refusal: MediaRefusal; message: string }

const refuse = (refusal: MediaRefusal, message: string): StoreImageResult => ({ ok: false, refusal, message })

let imageWork: Promise<unknown> = Promise.resolve()

/** One image at a time: sharp shares libuv's threads with scrypt, and a 40-megapixel image takes 160 MB decoded. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
	const run = imageWork.then(work, work)
	imageWork = run.catch(() => {})
	return run
}

/** Decoding never reads more pixels than allowed, stops at a damaged file, and takes the first frame only. */
const decode = (bytes: Uint8Array) =>
	sharp(bytes, { limitInputPixels: mediaLimits.maxPixels, failOn: 'error', animated: false })

/** The original, kept in its own format: turned upright, converted to sRGB, with every metadata block dropped. */
const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
	jpeg: (image) => image.jpeg({ quality: 90 }),
	png: (image) => image.png(),
	webp: (image) => image.webp({ quality: 90 }),
	// AVIF is slow to encode at full size; a lower effort costs a few percent of size, not quality.
	avif: (image) => image.avif({ quality: 70, effort: 2 }),
	gif: (image) => image.gif(),
}

type Encoded = { bytes: Buffer; width: number; height: number; sha256: string }

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

async function encoded(image: Sharp): Promise<Encoded> {
	const { data, info } = await image.toBuffer({ resolveWithObject: true })
	return { bytes: data, width: info.width, height: info.height, sha256: sha256(data) }
}

/** What sharp's header says the format is, in our names (sharp calls AVIF `heif`, with AV1 compression). */
function headerFormat(metadata: Metadata): ImageFormat | null {
	if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : null
	return metadata.format in imageFormats ? (metadata.format as ImageFormat) : null
}

/** Checks the header's size (reading no pixels) and re-encodes the original; a refusal when it cannot be taken. */
async function cleanOriginal(
	bytes: Uint8Array,
	format: ImageFormat,
): Promise<Encoded | { refusal: MediaRefusal; message: string }> {
	let metadata: Metadata
	try {
		// Only the header is read here, so no limit is needed yet: the size it announces is checked below.
		metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
	} catch {
		return { refusal: 'unreadable', message: mediaCopy.refused.unreadable }
	}
	if (headerFormat(metadata) !== format) return { refusal: 'notImage', message: mediaCopy.refused.notImage }
	const { width, height } = metadata.autoOrient
	if (width * height > mediaLimits.maxPixels || Math.max(width, height) > mediaLimits.maxSide) {
		return { refusal: 'tooManyPixels', message: mediaCopy.refused.tooManyPixels(width, height) }
	}
	try {
		return await encoded(encoders[format](decode(bytes).autoOrient()))
	} catch {
		return { refusal: 'unreadable', message: mediaCopy.refused.unreadable }
	}
}

type Variant = Encoded & { format: 'webp' | 'avif' | 'og' }

/** The widths to resize to: the standard ones up to the image's own width, or that width for a narrower image. */
export function variantWidths(width: number): number[] {
	const fitting = mediaLimits.widths.filter((candidate) => candidate <= width)
	return fitting.length > 0 ? fitting : [width]
}

/** A copy's identity among an image's copies, as the table's unique key has it. */
type VariantKey = `${Variant['format']}:${number}`
const keyOf = (format: Variant['format'], width: number): VariantKey => `${format}:${width}`

/** The width of the one WebP copy made before an upload is answered: the post column's, or the widest below it. */
export function firstCopyWidth(width: number) {
	const widths = variantWidths(width).filter((candidate) => candidate <= mediaLimits.firstWidth)
	return widths.at(-1) ?? variantWidths(width)[0] ?? width
}

/** How each copy is made: WebP and AVIF at each width, and the 1200x630 share image (on white: JPEG has no alpha). */
function variantMakers(originalBytes: Uint8Array, width: number) {
	const makers: { key: VariantKey; format: Variant['format']; make: () => Promise<Encoded> }[] = []
	for (const copyWidth of variantWidths(width)) {
		const resized = () => sharp(originalBytes).resize({ width: copyWidth })
		makers.push({ key: keyOf('webp', copyWidth), format: 'webp', make: () => encoded(resized().webp({ quality: 80 })) })
		makers.push({ key: keyOf('avif', copyWidth), format: 'avif', make: () => encoded(resized().avif({ quality: 55 })) })
	}
	const share = mediaLimits.share
	makers.push({
		key: keyOf('og', share.width),
		format: 'og',
		make: () =>
			encoded(
				sharp(originalBytes)
					.resize(share.width, share.height, { fit: 'cover', position: sharp.strategy.attention })
					.flatten({ background: '#ffffff' })
					.jpeg({ quality: 85 }),
			),
	})
	return makers
}

const variantRow = (mediaId: number, variant: Variant) => ({
	media_id: mediaId,
	format: variant.format,
	width: variant.width,
	height: variant.height,
	sha256: variant.sha256,
	content_type: variant.format === 'og' ? imageFormats.jpeg.contentType : imageFormats[variant.format].contentType,
	bytes: variant.bytes,
})

const storedColumns = {
	id: media.id,
	sha256: media.sha256,
	contentType: media.content_type,
	width: media.width,
	height: media.height,
	byteSize: media.byte_size,
	originalName: media.original_name,
	altText: media.alt_text,
}

type StoredRow = { id: number; sha256: string; contentType: string } & Omit<StoredImage, 'id' | 'file' | 'url'>

function storedImage(row: StoredRow): StoredImage {
	const { sha256: hash, ...rest } = row
	const file = mediaFileName(hash, row.contentType)
	return { ...rest, file, url: mediaPath(file) }
}

/** A file name as the browser sent it, fit to keep: no NUL (PostgreSQL text cannot hold it), 255 characters at most. */
function keptName(name: string | null) {
	return (
		Array.from(name?.replaceAll('\0', '').trim() ?? '')
			.slice(0, 255)
			.join('') || null
	)
}

/** An alternative text fit to keep: on one line, without NUL, within the limit; null when empty. */
export function keptAlt(alt: string | null | undefined) {
	return (
		Array.from(alt?.replaceAll('\0', '').replace(/\s+/g, ' ').trim() ?? '')
			.slice(0, mediaLimits.alt)
			.join('') || null
	)
}

export type StoreImageInput = {
	bytes: Uint8Array
	originalName: string | null
	/** A description sent with the upload; kept, and given to an image already stored that had none or another. */
	alt?: string | null
	by: number
	clientAddress: string
}

/** Checks, cleans (no GPS, camera or XMP), resizes, stores once per hash and audits an uploaded image. */
export async function storeImage(db: Database, input: StoreImageInput): Promise<StoreImageResult> {
	if (input.bytes.byteLength > mediaLimits.maxBytes) return refuse('tooLarge', mediaCopy.refused.tooLarge)
	const format = detectImageFormat(input.bytes)
	if (!format) return refuse('notImage', mediaCopy.refused.notImage)
	const original = await oneAtATime(() => cleanOriginal(input.bytes, format))
	if ('refusal' in original) return refuse(original.refusal, original.message)

	const audit = (image: StoredImage, duplicate: boolean) => ({
		action: 'media.uploaded' as const,
		operatorId: input.by,
		target: image.file,
		clientAddress: input.clientAddress,
		detail: { type: image.contentType, width: image.width, height: image.height, bytes: image.byteSize, duplicate },
	})
	const existing = async () => {
		const alt = keptAlt(input.alt)
		const [row] = alt
			? await db.update(media).set({ alt_text: alt }).where(eq(media.sha256, original.sha256)).returning(storedColumns)
			: await db.select(storedColumns).from(media).where(eq(media.sha256, original.sha256))
		if (!row) return null
		const image = storedImage(row)
		await recordAudit(db, audit(image, true))
		return { ok: true, image, duplicate: true } as const
	}
	const known = await existing()
	if (known) return known

	// Only the post column's WebP before the answer; the other copies follow (finishImageCopies).
	const first = variantMakers(original.bytes, original.width).find(
		(maker) => maker.key === keyOf('webp', firstCopyWidth(original.width)),
	)
	const firstCopy: Variant | null = first ? { format: first.format, ...(await oneAtATime(first.make)) } : null
	const stored = await db.transaction(async (tx) => {
		const [row] = await tx
			.insert(media)
			.values({
				sha256: original.sha256,
				content_type: imageFormats[format].contentType,
				width: original.width,
				height: original.height,
				byte_size: original.bytes.byteLength,
				bytes: original.bytes,
				original_name: keptName(input.originalName),
				alt_text: keptAlt(input.alt),
				variants_complete: false,
				created_by: input.by,
			})
			// The same image sent twice at once: the first to commit keeps it.
			.onConflictDoNothing({ target: media.sha256 })
			.returning(storedColumns)
		if (!row) return null
		if (firstCopy) await tx.insert(mediaVariants).values(variantRow(row.id, firstCopy)).onConflictDoNothing()
		const image = storedImage(row)
		await recordAudit(tx, audit(image, false))
		return image
	})
	if (stored) return { ok: true, image: stored, duplicate: false }
	return (await existing()) ?? refuse('unreadable', mediaCopy.refused.unreadable)
}

/**
 * Makes the copies an image still lacks, one at a time so that an upload waits for one copy at most, then marks it
 * complete. Safe to run twice at once or again after a crash: a copy already there is kept.
 */
export async function finishImageCopies(db: Database, mediaId: number, stopping?: AbortSignal) {
	const [image] = await db
		.select({ bytes: media.bytes, width: media.width })
		.from(media)
		.where(and(eq(media.id, mediaId), eq(media.variants_complete, false)))
	if (!image) return 0
	const present = await db
		.select({ format: mediaVariants.format, width: mediaVariants.width })
		.from(mediaVariants)
		.where(eq(mediaVariants.media_id, mediaId))
	const made = new Set(present.map((variant) => keyOf(variant.format as Variant['format'], variant.width)))
	let count = 0
	for (const maker of variantMakers(image.bytes, image.width)) {
		// A server shutting down keeps the copies made so far; its next start makes the rest.
		if (stopping?.aborted) return count
		if (made.has(maker.key)) continue
		const copy: Variant = { format: maker.format, ...(await oneAtATime(maker.make)) }
		await db.insert(mediaVariants).values(variantRow(mediaId, copy)).onConflictDoNothing()
		count++
	}
	await db.update(media).set({ variants_complete: true }).where(eq(media.id, mediaId))
	// Blog pages kept in memory with fewer sources are made again with all of them.
	if (count > 0) await announceContentChange(db)
	return count
}

/** Finishes the copies of images left incomplete (a restart during the work), oldest first, a few per round. */
export async function finishPendingImageCopies(db: Database, stopping?: AbortSignal, limit = 5) {
	const pending = await db
		.select({ id: media.id })
		.from(media)
		.where(eq(media.variants_complete, false))
		.orderBy(media.id)
		.limit(limit)
	for (const { id } of pending) {
		if (stopping?.aborted) break
		await finishImageCopies(db, id, stopping)
	}
	return pending.length
}

export type MediaListEntry = StoredImage & {
	createdAt: Date
	uploadedBy: string | null
	/** The smallest WebP copy, or the original when it has none. */
	thumbnail: string
}

/** A page of images, newest first; `before` is the last id seen. The bytes stay in the database. */
export async function listMedia(db: Database, filter: { before?: number; limit: number; words?: string }) {
	const conditions: SQL[] = []
	if (filter.before !== undefined) conditions.push(lt(media.id, filter.before))
	// Words as typed, % and _ included: a plain substring of the name or the description, in any case.
	const words = filter.words?.trim().toLowerCase()
	if (words) {
		conditions.push(
			sql`strpos(lower(coalesce(${media.original_name}, '') || ' ' || coalesce(${media.alt_text}, '')), ${words}) > 0`,
		)
	}
	const rows = await db
		.select({
			...storedColumns,
			createdAt: media.created_at,
			uploadedBy: operators.display_name,
			thumbnail: sql<string | null>`(SELECT ${mediaVariants.sha256} FROM ${mediaVariants}
				WHERE ${mediaVariants.media_id} = ${media.id} AND ${mediaVariants.format} = 'webp'
				ORDER BY ${mediaVariants.width} LIMIT 1)`,
		})
		.from(media)
		.leftJoin(operators, eq(operators.id, media.created_by))
		.where(and(...conditions))
		.orderBy(desc(media.id))
		.limit(filter.limit + 1)
	const entries = rows.slice(0, filter.limit).map(({ createdAt, uploadedBy, thumbnail, ...row }): MediaListEntry => {
		const image = storedImage(row)
		return {
			...image,
			createdAt,
			uploadedBy,
			thumbnail: thumbnail ? mediaPath(`${thumbnail}.${imageFormats.webp.extension}`) : image.url,
		}
	})
	return { entries, more: rows.length > filter.limit }
}

/** Gives an image the description offered when it is put in a post (empty: none); false when it no longer exists. */
export async function describeImage(
	db: Database,
	input: { id: number; alt: string; by: number; clientAddress: string },
) {
	const alt = keptAlt(input.alt)
	return db.transaction(async (tx) => {
		const [row] = await tx.update(media).set({ alt_text: alt }).where(eq(media.id, input.id)).returning(storedColumns)
		if (!row) return false
		await recordAudit(tx, {
			action: 'media.described',
			operatorId: input.by,
			target: storedImage(row).file,
			clientAddress: input.clientAddress,
			detail: { alt },
		})
		return true
	})
}

/**
 * The titles of posts whose body, featured image or author image names the image or one of its copies. Earlier versions
 * do not count: an image taken out of a post can go, and restoring a version that named it shows it missing.
 */
export async function postsUsingImage(db: Database, id: number) {
	const [image] = await db.select({ sha256: media.sha256 }).from(media).where(eq(media.id, id))
	if (!image) return []
	const copies = await db
		.select({ sha256: mediaVariants.sha256 })
		.from(mediaVariants)
		.where(eq(mediaVariants.media_id, id))
	const text = sql`coalesce(${blogPosts.content}, '') || coalesce(${blogPosts.bodyhtml}, '') || coalesce(${blogPosts.featured_image}, '') || coalesce(${blogPosts.author}->>'image', '')`
	const hashes = [...new Set([image.sha256, ...copies.map((copy) => copy.sha256)])]
	const rows = await db
		.select({ title: blogPosts.title })
		.from(blogPosts)
		.where(
			sql.join(
				hashes.map((hash) => sql`strpos(${text}, ${hash}) > 0`),
				sql` OR `,
			),
		)
		.orderBy(desc(blogPosts.published_at))
		.limit(4)
	return rows.map((row) => row.title)
}

export type DeleteImageOutcome = { outcome: 'deleted' } | { outcome: 'gone' } | { outcome: 'in-use'; titles: string[] }

/** Deletes an image no post uses, with its copies; its address answers 404 from then on. */
export async function deleteImage(
	db: Database,
	input: { id: number; by: number; clientAddress: string },
): Promise<DeleteImageOutcome> {
	return db.transaction(async (tx) => {
		// A save naming the image waits until the deletion is done, or is seen by the check.
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${POSTS_LOCK_ID})`)
		const titles = await postsUsingImage(tx, input.id)
		if (titles.length > 0) return { outcome: 'in-use', titles } as const
		const [row] = await tx.delete(media).where(eq(media.id, input.id)).returning(storedColumns)
		if (!row) return { outcome: 'gone' } as const
		const image = storedImage(row)
		await recordAudit(tx, {
			action: 'media.deleted',
			operatorId: input.by,
			target: image.file,
			clientAddress: input.clientAddress,
			detail: { name: image.originalName },
		})
		return { outcome: 'deleted' } as const
	})
}
