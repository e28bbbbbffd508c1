import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { postShareCards } from '#app/db/schema.ts'
import { imageFormats, mediaFileName, mediaPath } from '#app/features/media/paths.ts'
import { DEFAULT_SHARE_IMAGE } from '#app/features/seo/seo.ts'
import { renderTitleCard } from '#app/features/seo/title-card.server.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { announceContentChange } from './content-changes.server.ts'
import type { ShareImage } from './share-image.ts'

const CARD_TYPE = imageFormats.jpeg.contentType

/** What every card says under the title: the site's host and the blog. */
export const cardFooter = (site: Pick<PublicConfig, 'siteUrl'>) => `${new URL(site.siteUrl).host} · Blog`

/** Makes (or makes again) one post's card for the title given, if the post still has it. */
export async function makeShareCard(
	db: Database,
	site: Pick<PublicConfig, 'siteUrl' | 'brandName'>,
	post: { id: number; title: string },
) {
	const bytes = await renderTitleCard({ brandName: site.brandName, title: post.title, footer: cardFooter(site) })
	const sha256 = crypto.createHash('sha256').update(bytes).digest('hex')
	// A post deleted while its card was drawn takes nothing with it: the insert finds no post and adds nothing.
	await db.execute(sql`
		INSERT INTO post_share_cards (post_id, title, sha256, bytes)
		SELECT id, ${post.title}, ${sha256}, ${bytes} FROM blog_posts WHERE id = ${post.id} AND title = ${post.title}
		ON CONFLICT (post_id) DO UPDATE SET title = excluded.title, sha256 = excluded.sha256, bytes = excluded.bytes,
			created_at = now()`)
}

/**
 * Posts whose card is missing or shows another title, the newest first (the ones people share); a post whose featured image is on the site (an
 * upload, which has its share copy, or one of the site's SVGs, which the build rasterises) needs none.
 */
function postsDueCards(db: Database, limit: number) {
	return selectRows<{ id: number; title: string }>(
		db,
		sql`SELECT p.id::int AS id, p.title FROM blog_posts p
			LEFT JOIN post_share_cards c ON c.post_id = p.id
			WHERE (c.post_id IS NULL OR c.title <> p.title)
				AND NOT coalesce(p.featured_image LIKE '/%' AND p.featured_image NOT LIKE '//%', false)
			ORDER BY p.published_at DESC NULLS LAST, p.id DESC LIMIT ${limit}`,
	)
}

/** Cards made per round: about 1.5 s of one core a minute, so a large import never crowds out requests. */
const CARDS_PER_ROUND = 20

/**
 * Makes the cards of up to CARDS_PER_ROUND posts that are due one (imports write posts in bulk and leave their cards
 * to this), then drops the blog caches so their pages share them. Returns how many were made.
 */
export async function makeDueShareCards(
	db: Database,
	site: Pick<PublicConfig, 'siteUrl' | 'brandName'>,
	stopping?: AbortSignal,
) {
	const due = await postsDueCards(db, CARDS_PER_ROUND)
	let made = 0
	for (const post of due) {
		// A server shutting down finishes the card in hand and leaves the rest for its next start.
		if (stopping?.aborted) break
		await makeShareCard(db, site, post)
		made++
		// Drawing a card is main-thread work: requests waiting meanwhile go first.
		await new Promise((resolve) => setImmediate(resolve))
	}
	if (made > 0) await announceContentChange(db)
	return made
}

/** The card made for a post under its current title, or none yet. */
export async function shareCardOf(db: Database, post: { id: number; title: string }): Promise<ShareImage | undefined> {
	const [card] = await db
		.select({ sha256: postShareCards.sha256 })
		.from(postShareCards)
		.where(and(eq(postShareCards.post_id, post.id), eq(postShareCards.title, post.title)))
	if (!card) return undefined
	const { width, height } = DEFAULT_SHARE_IMAGE
	return { url: mediaPath(mediaFileName(card.sha256, CARD_TYPE)), width, height }
}

/** A card's bytes by their hash, for `/media/<sha256>.jpg`. */
export async function shareCardFile(db: Database, sha256: string) {
	const [card] = await db
		.select({ bytes: postShareCards.bytes })
		.from(postShareCards)
		.where(eq(postShareCards.sha256, sha256))
		.limit(1)
	return card ? { contentType: CARD_TYPE, bytes: card.bytes } : null
}
