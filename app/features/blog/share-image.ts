import { DEFAULT_SHARE_IMAGE } from '#app/features/seo/seo.ts'

/** A post's share image: a raster of Open Graph's large size, which X, LinkedIn and Facebook show. */
export type ShareImage = { url: string; width: number; height: number }

/** The site's own SVG images (`/blog/parked-vs-developed.svg`): networks show none, so the build makes a PNG of each. */
const SITE_SVG = /^\/(?!\/)[^?#]*\.svg$/i

/** Where the build puts the PNG of a site SVG (scripts/share-images.ts). */
export const rasterOfSvg = (svgPath: string) => svgPath.replace(/\.svg$/i, '.share.png')

/**
 * What a post shares as: the 1200x630 copy of an uploaded image, the PNG the build made of one of the site's SVGs,
 * else its title card; an address from elsewhere as given (its size unknown) only until the card is made.
 */
export function shareImageOf(article: {
	shareImage?: ShareImage
	shareCard?: ShareImage
	featuredImage: string | null
}): ShareImage | { url: string } | null {
	if (article.shareImage) return article.shareImage
	if (article.featuredImage && SITE_SVG.test(article.featuredImage)) {
		const { width, height } = DEFAULT_SHARE_IMAGE
		return { url: rasterOfSvg(article.featuredImage), width, height }
	}
	if (article.shareCard) return article.shareCard
	return article.featuredImage ? { url: article.featuredImage } : null
}
