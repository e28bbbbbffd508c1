import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import { auditLog, blogPosts, media, mediaVariants, operators } from '#app/db/schema.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import {
	deleteImage,
	describeImage,
	detectImageFormat,
	finishImageCopies,
	finishPendingImageCopies,
	listMedia,
	storeImage,
	variantWidths,
} from './media.server.ts'
import { MEDIA_CACHE_CONTROL, mediaResponse } from './serve.server.ts'

const solid = (width: number, height: number, background = '#3366aa') =>
	sharp({ create: { width, height, channels: 3, background } })

/** A landscape photo taken with the camera turned (EXIF orientation 6), with a GPS position, a camera and XMP. */
const photoWithGps = () =>
	solid(3000, 2000)
		.jpeg()
		.withMetadata({ orientation: 6 })
		.withExif({
			IFD0: { Make: 'SnoopCam', Model: 'Tracker 3000' },
			IFD3: {
				GPSLatitudeRef: 'N',
				GPSLatitude: '48/1 51/1 2940/100',
				GPSLongitudeRef: 'E',
				GPSLongitude: '2/1 21/1 300/100',
			},
		})
		.withXmp(
			'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Photographer</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
		)
		.toBuffer()

/** Whether an EXIF block (as sharp reads it: `Exif\0\0` and a TIFF structure) has a GPS section in its first IFD. */
function exifHasGps(exif: Buffer) {
	const tiff = exif.subarray(6)
	const little = tiff.toString('latin1', 0, 2) === 'II'
	const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
	const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
	const ifd = u32(4)
	return Array.from({ length: u16(ifd) }, (_, n) => u16(ifd + 2 + n * 12)).includes(0x8825)
}

/** A PNG of 20,000 x 20,000 one-bit pixels, all black: about 50 KB that would decode to 400 megapixels. */
function decompressionBomb() {
	const chunk = (type: string, body: Buffer) => {
		const length = Buffer.alloc(4)
		length.writeUInt32BE(body.length)
		const typed = Buffer.concat([Buffer.from(type, 'latin1'), body])
		const crc = Buffer.alloc(4)
		crc.writeUInt32BE(zlib.crc32(typed) >>> 0)
		return Buffer.concat([length, typed, crc])
	}
	const side = 20_000
	const header = Buffer.alloc(13)
	header.writeUInt32BE(side, 0)
	header.writeUInt32BE(side, 4)
	header[8] = 1 // bit depth
	header[9] = 0 // greyscale
	const rows = zlib.deflateSync(Buffer.alloc(side * (1 + side / 8)), { level: 9 })
	return Buffer.concat([
		Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
		chunk('IHDR', header),
		chunk('IDAT', rows),
		chunk('IEND', Buffer.alloc(0)),
	])
}

describe('image formats by their content', () => {
	it('recognises JPEG, PNG, WebP, AVIF and GIF by their first bytes, whatever the name', async () => {
		const image = solid(20, 10)
		expect(detectImageFormat(await image.clone().jpeg().toBuffer())).toBe('jpeg')
		expect(detectImageFormat(await image.clone().png().toBuffer())).toBe('png')
		expect(detectImageFormat(await image.clone().webp().toBuffer())).toBe('webp')
		expect(detectImageFormat(await image.clone().avif().toBuffer())).toBe('avif')
		expect(detectImageFormat(await image.clone().gif().toBuffer())).toBe('gif')
	})

	it('refuses text, SVG, HTML, PDF, HEIC and nothing at all', () => {
		const refused = [
			'Just some notes, renamed to holiday.jpg',
			'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
			'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
			'<!doctype html><img src=x onerror=alert(1)>',
			'%PDF-1.7\n1 0 obj',
			'\0\0\0\x18ftypheic\0\0\0\0mif1heic',
			'',
		]
		for (const text of refused) expect([text, detectImageFormat(Buffer.from(text, 'latin1'))]).toEqual([text, null])
	})

	it('resizes to the standard widths up to the image’s own, or to its width when narrower', () => {
		expect(variantWidths(3000)).toEqual([480, 960, 1440])
		expect(variantWidths(1440)).toEqual([480, 960, 1440])
		expect(variantWidths(1000)).toEqual([480, 960])
		expect(variantWidths(300)).toEqual([300])
	})
})

describe.each(databaseDrivers())('uploaded images on $name', (driver) => {
	const database = withTestDatabase(driver)
	let by: number
	const upload = (bytes: Uint8Array, originalName: string | null = 'upload.bin') =>
		storeImage(database.db, { bytes, originalName, by, clientAddress: '203.0.113.9' })
	/** An upload and the copies the server makes after answering it. */
	const uploadWithCopies = async (bytes: Uint8Array, originalName: string | null = 'upload.bin') => {
		const outcome = await upload(bytes, originalName)
		if (outcome.ok) await finishImageCopies(database.db, outcome.image.id)
		return outcome
	}
	const variantsOf = (mediaId: number) =>
		database.db
			.select({
				format: mediaVariants.format,
				width: mediaVariants.width,
				height: mediaVariants.height,
				contentType: mediaVariants.content_type,
				sha256: mediaVariants.sha256,
				bytes: mediaVariants.bytes,
			})
			.from(mediaVariants)
			.where(eq(mediaVariants.media_id, mediaId))
			.orderBy(mediaVariants.format, mediaVariants.width)
	const stored = async (id: number) => (await database.db.select().from(media).where(eq(media.id, id)))[0]

	beforeAll(async () => {
		const [operator] = await database.db
			.insert(operators)
			.values({ email: 'ada@example.com', display_name: 'Ada', password_hash: 'not-a-hash' })
			.returning({ id: operators.id })
		by = operator?.id ?? 0
	})
	beforeEach(async () => {
		await database.db.delete(media)
	})

	it('stores a photo upright without its GPS position, camera or XMP, with WebP, AVIF and share copies', {
		timeout: 60_000,
	}, async () => {
		const photo = await photoWithGps()
		const before = await sharp(photo).metadata()
		expect([before.orientation, exifHasGps(before.exif ?? Buffer.alloc(0)), Boolean(before.xmp)]).toEqual([
			6,
			true,
			true,
		])

		const outcome = await upload(photo, 'IMG_0001.jpg')
		if (!outcome.ok) throw new Error(outcome.message)
		expect(outcome.duplicate).toBe(false)
		const { image } = outcome
		expect(image).toMatchObject({ contentType: 'image/jpeg', width: 2000, height: 3000, originalName: 'IMG_0001.jpg' })
		expect(image.file).toMatch(/^[0-9a-f]{64}\.jpg$/)
		expect(image.url).toBe(`/media/${image.file}`)

		const row = await stored(image.id)
		if (!row) throw new Error('not stored')
		expect(row.byte_size).toBe(row.bytes.byteLength)
		const after = await sharp(row.bytes).metadata()
		expect([after.format, after.width, after.height]).toEqual(['jpeg', 2000, 3000])
		expect([after.exif, after.xmp, after.orientation]).toEqual([undefined, undefined, undefined])
		for (const secret of ['SnoopCam', 'Tracker 3000', 'Secret Photographer', 'Exif\0\0']) {
			expect([secret, row.bytes.includes(Buffer.from(secret, 'latin1'))]).toEqual([secret, false])
		}

		// Answered with the post column's WebP only; the rest follow.
		const answered = await variantsOf(image.id)
		expect(answered.map(({ format, width, height }) => [format, width, height])).toEqual([['webp', 960, 1440]])
		expect(row.variants_complete).toBe(false)
		expect(await finishImageCopies(database.db, image.id)).toBe(6)
		expect(await finishImageCopies(database.db, image.id)).toBe(0)
		expect((await stored(image.id))?.variants_complete).toBe(true)

		const variants = await variantsOf(image.id)
		expect(variants.map(({ format, width, height, contentType }) => [format, width, height, contentType])).toEqual([
			['avif', 480, 720, 'image/avif'],
			['avif', 960, 1440, 'image/avif'],
			['avif', 1440, 2160, 'image/avif'],
			['og', 1200, 630, 'image/jpeg'],
			['webp', 480, 720, 'image/webp'],
			['webp', 960, 1440, 'image/webp'],
			['webp', 1440, 2160, 'image/webp'],
		])
		for (const variant of variants) {
			const read = await sharp(variant.bytes).metadata()
			const format = { avif: 'heif', og: 'jpeg', webp: 'webp' }[variant.format]
			expect([variant.format, read.format, read.width, read.height]).toEqual([
				variant.format,
				format,
				variant.width,
				variant.height,
			])
			expect([read.exif, read.xmp]).toEqual([undefined, undefined])
		}

		const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.target, image.file))
		expect(entry).toMatchObject({
			action: 'media.uploaded',
			operator_id: by,
			detail: { type: 'image/jpeg', width: 2000, height: 3000, bytes: row.byte_size, duplicate: false },
		})
		expect(entry?.address_hash).toMatch(/^[0-9a-f]+$/)
	})

	it('takes PNG, WebP, AVIF and GIF (an animated GIF keeps its first frame), never resizing wider than the image', {
		timeout: 60_000,
	}, async () => {
		const green = await solid(600, 400, '#00ff00').png().toBuffer()
		const blue = await solid(600, 400, '#0000ff').png().toBuffer()
		const cases = [
			{ bytes: await solid(600, 400, '#ff0000').png().toBuffer(), type: 'image/png', extension: 'png' },
			{ bytes: await solid(700, 300).webp().toBuffer(), type: 'image/webp', extension: 'webp' },
			{ bytes: await solid(1000, 500).avif().toBuffer(), type: 'image/avif', extension: 'avif' },
			{
				bytes: await sharp([green, blue], { join: { animated: true } })
					.gif({ delay: [100, 100] })
					.toBuffer(),
				type: 'image/gif',
				extension: 'gif',
			},
		]
		for (const { bytes, type, extension } of cases) {
			const outcome = await uploadWithCopies(bytes, `picture.${extension}`)
			if (!outcome.ok) throw new Error(`${type}: ${outcome.message}`)
			expect([type, outcome.image.contentType, outcome.image.file.endsWith(`.${extension}`)]).toEqual([
				type,
				type,
				true,
			])
			const widths = (await variantsOf(outcome.image.id)).filter((v) => v.format === 'webp').map((v) => v.width)
			expect([type, Math.max(...widths) <= outcome.image.width]).toEqual([type, true])
			expect(widths).toEqual(variantWidths(outcome.image.width))
		}
		const gif = (await database.db.select().from(media).where(eq(media.content_type, 'image/gif')))[0]
		const frames = await sharp(gif?.bytes).metadata()
		expect([frames.pages, frames.width, frames.height]).toEqual([1, 600, 400])
		const { data } = await sharp(gif?.bytes).raw().toBuffer({ resolveWithObject: true })
		expect([...data.subarray(0, 3)]).toEqual([0, 255, 0])
	})

	it('gives each of two images with the same pixels (a PNG and a GIF) its own copies', {
		timeout: 60_000,
	}, async () => {
		const png = await uploadWithCopies(await solid(300, 200, '#123456').png().toBuffer(), 'same.png')
		const gif = await uploadWithCopies(await solid(300, 200, '#123456').gif().toBuffer(), 'same.gif')
		if (!png.ok || !gif.ok) throw new Error('refused')
		const formats = async (id: number) => (await variantsOf(id)).map((variant) => `${variant.format}:${variant.width}`)
		expect(await formats(gif.image.id)).toEqual(await formats(png.image.id))
		expect((await formats(gif.image.id)).length).toBeGreaterThan(0)
	})

	it('stores the same image once, however often it is uploaded, and audits every upload', async () => {
		const bytes = await solid(500, 500, '#22aa44').png().toBuffer()
		const first = await upload(bytes, 'first.png')
		const again = await upload(bytes, 'second.png')
		if (!first.ok || !again.ok) throw new Error('refused')
		expect(again).toEqual({ ok: true, duplicate: true, image: first.image })
		expect(again.image.originalName).toBe('first.png')
		expect(await database.db.select({ id: media.id }).from(media)).toHaveLength(1)
		const audited = await database.db.select().from(auditLog).where(eq(auditLog.target, first.image.file))
		expect(audited.map((entry) => entry.detail?.duplicate)).toEqual([false, true])
	})

	it('refuses what is not an image, a file over 10 MB, a decompression bomb and a damaged file, storing nothing', {
		timeout: 60_000,
	}, async () => {
		const jpeg = await solid(800, 600).jpeg().toBuffer()
		const refusals: [string, Uint8Array, string, string][] = [
			['a text file named .jpg', Buffer.from('Shopping list: milk, eggs'), 'notImage', mediaCopy.refused.notImage],
			[
				'an SVG',
				Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
				'notImage',
				mediaCopy.refused.notImage,
			],
			['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'), 'notImage', mediaCopy.refused.notImage],
			[
				'over 10 MB',
				Buffer.concat([jpeg, Buffer.alloc(mediaLimits.maxBytes + 1 - jpeg.length)]),
				'tooLarge',
				mediaCopy.refused.tooLarge,
			],
			['a decompression bomb', decompressionBomb(), 'tooManyPixels', mediaCopy.refused.tooManyPixels(20_000, 20_000)],
			[
				'a strip too long for WebP',
				await sharp({ create: { width: 20_000, height: 2, channels: 3, background: '#000' } })
					.png()
					.toBuffer(),
				'tooManyPixels',
				mediaCopy.refused.tooManyPixels(20_000, 2),
			],
			['a cut-off JPEG', jpeg.subarray(0, jpeg.length / 2), 'unreadable', mediaCopy.refused.unreadable],
			[
				'a PNG signature and nothing else',
				Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
				'unreadable',
				mediaCopy.refused.unreadable,
			],
		]
		for (const [what, bytes, refusal, message] of refusals) {
			expect([what, await upload(bytes, 'holiday.jpg')]).toEqual([what, { ok: false, refusal, message }])
		}
		expect(mediaCopy.refused.tooManyPixels(20_000, 20_000)).toContain('20,000 × 20,000')
		expect(await database.db.select({ id: media.id }).from(media)).toEqual([])
	})

	it('serves originals and copies under their hash, for good, answering conditional requests; 404 otherwise', async () => {
		const outcome = await uploadWithCopies(await solid(1000, 600).jpeg().toBuffer(), 'served.jpg')
		if (!outcome.ok) throw new Error(outcome.message)
		const { image } = outcome
		const get = (file: string, headers: Record<string, string> = {}) =>
			mediaResponse(database.db, new Request(`http://site.test/media/${file}`, { headers }), file)

		const original = await get(image.file)
		expect(original.status).toBe(200)
		expect(Object.fromEntries(original.headers)).toMatchObject({
			'content-type': 'image/jpeg',
			'cache-control': MEDIA_CACHE_CONTROL,
			etag: `"${image.file.slice(0, 64)}"`,
			'content-length': String(image.byteSize),
		})
		expect(MEDIA_CACHE_CONTROL).toBe('public, max-age=31536000, immutable')
		const bytes = Buffer.from(await original.arrayBuffer())
		expect((await stored(image.id))?.bytes.equals(bytes)).toBe(true)

		const [webp] = (await variantsOf(image.id)).filter((v) => v.format === 'webp')
		const copy = await get(`${webp?.sha256}.webp`)
		expect([copy.status, copy.headers.get('content-type')]).toEqual([200, 'image/webp'])
		const share = (await variantsOf(image.id)).find((v) => v.format === 'og')
		expect((await get(`${share?.sha256}.jpg`)).headers.get('content-type')).toBe('image/jpeg')

		const unchanged = await get(image.file, { 'if-none-match': `W/"x", "${image.file.slice(0, 64)}"` })
		expect([unchanged.status, await unchanged.text(), unchanged.headers.get('cache-control')]).toEqual([
			304,
			'',
			MEDIA_CACHE_CONTROL,
		])

		const hash = image.file.slice(0, 64)
		for (const file of [
			`${hash}.png`,
			`${hash}.JPG`,
			`${hash.toUpperCase()}.jpg`,
			`${hash}`,
			`${'0'.repeat(64)}.jpg`,
			`${hash}.jpg.html`,
			'../etc/passwd',
			'%00.jpg',
		]) {
			const answer = await get(file)
			expect([file, answer.status, answer.headers.get('cache-control')]).toEqual([file, 404, 'no-store'])
		}
	})

	it('finishes the copies a restart left unmade, oldest first', { timeout: 60_000 }, async () => {
		const first = await upload(await solid(1500, 900, '#445566').png().toBuffer(), 'first.png')
		const second = await upload(await solid(500, 300, '#665544').png().toBuffer(), 'second.png')
		if (!first.ok || !second.ok) throw new Error('refused')
		expect(await finishPendingImageCopies(database.db, undefined, 1)).toBe(1)
		expect((await stored(first.image.id))?.variants_complete).toBe(true)
		expect((await stored(second.image.id))?.variants_complete).toBe(false)
		expect(await finishPendingImageCopies(database.db)).toBe(1)
		expect(await finishPendingImageCopies(database.db)).toBe(0)
		const formats = (await variantsOf(second.image.id)).map((variant) => `${variant.format}:${variant.width}`)
		expect(formats).toEqual(['avif:480', 'og:1200', 'webp:480'])
	})

	it('finds images by words of their name or description, % and _ as plain characters', async () => {
		const sea = await upload(await solid(60, 40, '#0000aa').png().toBuffer(), 'Holiday_sea 100%.png')
		const hills = await upload(await solid(60, 40, '#00aa00').png().toBuffer(), 'hills.png')
		if (!sea.ok || !hills.ok) throw new Error('refused')
		expect(
			await describeImage(database.db, {
				id: hills.image.id,
				alt: ' Green  hills\nat dawn ',
				by,
				clientAddress: '203.0.113.9',
			}),
		).toBe(true)
		expect((await stored(hills.image.id))?.alt_text).toBe('Green hills at dawn')
		const names = async (words: string) =>
			(await listMedia(database.db, { limit: 10, words })).entries.map((entry) => entry.originalName)
		expect(await names('HOLIDAY')).toEqual(['Holiday_sea 100%.png'])
		expect(await names('100%')).toEqual(['Holiday_sea 100%.png'])
		expect(await names('_')).toEqual(['Holiday_sea 100%.png'])
		expect(await names('%')).toEqual(['Holiday_sea 100%.png'])
		expect(await names('hills at dawn')).toEqual(['hills.png'])
		expect(await names('')).toEqual(['hills.png', 'Holiday_sea 100%.png'])
		expect(await describeImage(database.db, { id: 999_999, alt: 'x', by, clientAddress: '203.0.113.9' })).toBe(false)
	})

	it('deletes an image no post uses, with its copies, and refuses one a post names', { timeout: 60_000 }, async () => {
		const used = await uploadWithCopies(await solid(500, 300, '#aa00aa').png().toBuffer(), 'used.png')
		const unused = await uploadWithCopies(await solid(500, 300, '#aaaa00').png().toBuffer(), 'unused.png')
		if (!used.ok || !unused.ok) throw new Error('refused')
		const [webp] = (await variantsOf(used.image.id)).filter((variant) => variant.format === 'webp')
		await database.db.insert(blogPosts).values([
			{ title: 'Uses the original', seo_slug: 'uses-original', content: `![A](${used.image.url})` },
			{ title: 'Uses a copy', seo_slug: 'uses-copy', bodyhtml: `<img src="/media/${webp?.sha256}.webp" alt="">` },
		])
		const actor = { by, clientAddress: '203.0.113.9' }
		const refused = await deleteImage(database.db, { id: used.image.id, ...actor })
		expect(refused.outcome).toBe('in-use')
		expect(refused.outcome === 'in-use' && [...refused.titles].sort()).toEqual(['Uses a copy', 'Uses the original'])
		expect(await stored(used.image.id)).toBeDefined()

		expect(await deleteImage(database.db, { id: unused.image.id, ...actor })).toEqual({ outcome: 'deleted' })
		expect(await stored(unused.image.id)).toBeUndefined()
		expect(await variantsOf(unused.image.id)).toEqual([])
		expect(await deleteImage(database.db, { id: unused.image.id, ...actor })).toEqual({ outcome: 'gone' })
		const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'media.deleted'))
		expect(entry).toMatchObject({ target: unused.image.file, detail: { name: 'unused.png' } })
		await database.db.delete(blogPosts)
	})

	it('lists images newest first with their smallest WebP as thumbnail, a page at a time', async () => {
		const images = []
		for (const [n, colour] of ['#111111', '#222222', '#333333'].entries()) {
			const outcome = await uploadWithCopies(
				await solid(600 + n, 400, colour)
					.png()
					.toBuffer(),
				`image-${n}.png`,
			)
			if (!outcome.ok) throw new Error(outcome.message)
			images.push(outcome.image)
		}
		const first = await listMedia(database.db, { limit: 2 })
		expect(first.more).toBe(true)
		expect(first.entries.map((entry) => entry.originalName)).toEqual(['image-2.png', 'image-1.png'])
		expect(first.entries[0]).toMatchObject({ uploadedBy: 'Ada', width: 602, height: 400, contentType: 'image/png' })
		expect(first.entries[0]?.thumbnail).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/)
		const [smallest] = (await variantsOf(images[2]?.id ?? 0)).filter((v) => v.format === 'webp')
		expect(first.entries[0]?.thumbnail).toBe(`/media/${smallest?.sha256}.webp`)
		const rest = await listMedia(database.db, { before: first.entries[1]?.id, limit: 2 })
		expect([rest.more, rest.entries.map((entry) => entry.originalName)]).toEqual([false, ['image-0.png']])
	})
})
