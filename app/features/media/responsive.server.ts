import { eq, inArray } from 'drizzle-orm'
import type { Database } from '#app/db/client.server.ts'
import { media, mediaVariants } from '#app/db/schema.ts'
import type { ArticleView, PostCard, ResponsivePicture } from '#app/features/blog/types.ts'
import { imageFormats, MEDIA_FILE, mediaFileName, mediaPath } from './paths.ts'

export type FeaturedMedia = {
	picture: ResponsivePicture
	/** The 1200x630 JPEG for Open Graph; absent when the image has none. */
	share: { url: string; width: number; height: number } | null
}

/** The original's hash when an address is one of ours, as the console gives it: `/media/<sha256>.<extension>`. */
export function ownMediaHash(address: string | null): string | null {
	const file = address?.startsWith('/media/') ? address.slice('/media/'.length) : null
	return (file && MEDIA_FILE.exec(file)?.[1]) || null
}

/** Best first: a browser takes the first `<source>` whose type it can show. */
const pictureFormats = ['avif', 'webp'] as const

/** The copies of each address that is one of our images, in one query that reads no bytes; others are left out. */
export async function featuredMedia(db: Database, addresses: (string | null)[]): Promise<Map<string, FeaturedMedia>> {
	const hashes = new Map<string, string>()
	for (const address of addresses) {
		const hash = ownMediaHash(address)
		if (address && hash) hashes.set(hash, address)
	}
	const found = new Map<string, FeaturedMedia>()
	if (hashes.size === 0) return found
	const rows = await db
		.select({
			original: media.sha256,
			width: media.width,
			height: media.height,
			format: mediaVariants.format,
			variantWidth: mediaVariants.width,
			variantHeight: mediaVariants.height,
			variant: mediaVariants.sha256,
			contentType: mediaVariants.content_type,
		})
		.from(media)
		.innerJoin(mediaVariants, eq(mediaVariants.media_id, media.id))
		.where(inArray(media.sha256, [...hashes.keys()]))
		.orderBy(mediaVariants.width)
	for (const [hash, address] of hashes) {
		const copies = rows.filter((row) => row.original === hash)
		const first = copies[0]
		if (!first) continue
		const url = (row: (typeof copies)[number]) => mediaPath(mediaFileName(row.variant, row.contentType))
		const sources = pictureFormats.flatMap((format) => {
			const sized = copies.filter((row) => row.format === format)
			if (sized.length === 0) return []
			return [
				{
					type: imageFormats[format].contentType,
					srcSet: sized.map((row) => `${url(row)} ${row.variantWidth}w`).join(', '),
				},
			]
		})
		const share = copies.find((row) => row.format === 'og')
		found.set(address, {
			picture: { width: first.width, height: first.height, sources },
			share: share ? { url: url(share), width: share.variantWidth, height: share.variantHeight } : null,
		})
	}
	return found
}

/** Blog cards, each with its featured image's copies when that image is one of ours. */
export async function withFeaturedPictures(db: Database, cards: PostCard[]): Promise<PostCard[]> {
	const found = await featuredMedia(
		db,
		cards.map((card) => card.featuredImage),
	)
	return cards.map((card) => {
		const picture = found.get(card.featuredImage ?? '')?.picture
		return picture ? { ...card, featuredPicture: picture } : card
	})
}

/** An article with its featured image's copies and share image, when that image is one of ours. */
export async function withFeaturedMedia(db: Database, article: ArticleView): Promise<ArticleView> {
	const found = (await featuredMedia(db, [article.featuredImage])).get(article.featuredImage ?? '')
	if (!found) return article
	return { ...article, featuredPicture: found.picture, ...(found.share ? { shareImage: found.share } : {}) }
}
