import type { MetaDescriptor } from 'react-router'
import type { PublicConfig } from '#app/features/site/config.server.ts'

export const DEFAULT_SHARE_IMAGE = { path: '/og-default.jpg', width: 1200, height: 630 } as const

/** Where the build puts a static page's share card (scripts/share-images.ts): its title on the brand's image. */
export const pageSharePath = (key: string) => `/share/${key}.jpg`

export type SeoInput = {
	title: string
	description: string
	/** Path of the page on the site; the query string and hash are dropped from the canonical URL. */
	path: string
	/** Query string kept in the canonical URL, for pages of a paginated list (`?page=2`). */
	canonicalQuery?: string
	noindex?: boolean
	type?: 'website' | 'article'
	/** Absolute URL or site path of the share image; the default share image otherwise. */
	image?: string | null
	/** The share image's size when it is known (a 1200x630 card or copy); the default image's is. */
	imageSize?: { width: number; height: number }
	imageAlt?: string | null
	article?: { publishedTime?: string; modifiedTime?: string; tags?: string[] }
	/** schema.org blocks (`structured-data.ts` types them with schema-dts). */
	jsonLd?: object[]
}

/** Adds the brand suffix unless the title already names the brand. */
export function withBrand(title: string, brandName: string) {
	return title.toLowerCase().includes(brandName.toLowerCase()) ? title : `${title} | ${brandName}`
}

/** One trailing-slash rule: none, except for the root. */
export function canonicalUrl(siteUrl: string, path: string) {
	const pathname = path.split(/[?#]/)[0] || '/'
	const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/'
	return `${siteUrl}${normalised === '/' ? '/' : normalised}`
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
	return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** Every tag a page needs, from one place, so no route can forget one. */
export function seoMeta(site: PublicConfig, input: SeoInput): MetaDescriptor[] {
	const title = withBrand(input.title, site.brandName)
	const url = canonicalUrl(site.siteUrl, input.path) + (input.canonicalQuery ?? '')
	const image = absoluteUrl(site.siteUrl, input.image || DEFAULT_SHARE_IMAGE.path)
	const imageAlt = input.imageAlt || `${site.brandName}: From Parked to Profitable`
	const meta: MetaDescriptor[] = [
		{ title },
		{ name: 'description', content: input.description },
		{ name: 'robots', content: input.noindex ? 'noindex,nofollow' : 'index,follow' },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:type', content: input.type ?? 'website' },
		{ property: 'og:site_name', content: site.brandName },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: input.description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: image },
		{ property: 'og:image:alt', content: imageAlt },
		{ property: 'og:locale', content: 'en_US' },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: input.description },
		{ name: 'twitter:image', content: image },
		{ name: 'twitter:image:alt', content: imageAlt },
	]
	const imageSize = input.image ? input.imageSize : DEFAULT_SHARE_IMAGE
	if (imageSize) {
		meta.push(
			{ property: 'og:image:width', content: String(imageSize.width) },
			{ property: 'og:image:height', content: String(imageSize.height) },
		)
	}
	const handle = twitterHandle(site.social.x)
	if (handle) meta.push({ name: 'twitter:site', content: handle })
	if (input.article?.publishedTime) {
		meta.push({ property: 'article:published_time', content: input.article.publishedTime })
	}
	if (input.article?.modifiedTime) meta.push({ property: 'article:modified_time', content: input.article.modifiedTime })
	for (const tag of input.article?.tags ?? []) meta.push({ property: 'article:tag', content: tag })
	for (const data of input.jsonLd ?? []) meta.push({ 'script:ld+json': data })
	return meta
}

function twitterHandle(profileUrl: string) {
	const name = /^https?:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/?$/.exec(profileUrl)?.[1]
	return name ? `@${name}` : null
}
