import type { MetaDescriptor } from 'react-router'
import { blogCopy } from '#app/content/blog.ts'
import type { RoutePath } from '#app/content/page-paths.ts'
import { pages } from '#app/content/pages.ts'
import { describedByLink } from '#app/features/answer-engines/negotiation.server.ts'
import { markdownLinks, pageCard, pageSeo, siteConfig } from '#app/features/seo/page-seo.server.ts'
import { absoluteUrl, canonicalUrl } from '#app/features/seo/seo.ts'
import { articleJsonLd, blogJsonLd, breadcrumbJsonLd, type PostFacts } from '#app/features/seo/structured-data.ts'
import { archivePath, articlePath, categoryFeedPath, SEARCH_PATH } from './paths.ts'
import { shareImageOf } from './share-image.ts'
import type { ArchiveView, ArticleView, PostCard, SearchView } from './types.ts'

export const FEED_PATH = '/blog/rss.xml' satisfies RoutePath

/** Caches and CDNs may keep blog pages a minute and serve them stale while they refetch. */
export const BLOG_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'

/** The `<link rel="alternate">` of the blog's feed, or of one category's. */
function feedLink(category?: { slug: string; name: string }): MetaDescriptor {
	const site = siteConfig()
	return {
		tagName: 'link',
		rel: 'alternate',
		type: 'application/rss+xml',
		title: category
			? blogCopy.archive.category.feedTitle(site.brandName, category.name)
			: blogCopy.feedTitle(site.brandName),
		href: `${site.siteUrl}${category ? categoryFeedPath(category.slug) : FEED_PATH}`,
	}
}

/** The blog's place under the home page, where its pages' breadcrumbs start. */
const blogTrail = [
	{ name: 'Home', path: pages.home.path },
	{ name: 'Blog', path: pages.blog.path },
]

/** A post card as structured data needs it. */
const cardFacts = (card: PostCard): PostFacts => ({
	title: card.title,
	path: articlePath(card.seoSlug),
	publishedAt: card.publishedAt,
	excerpt: card.excerpt,
	image: card.featuredImage,
})

/** Tags of a list page; pages after the first keep `?page=N` in their canonical URL. */
export function blogListSeo(page: number, found: boolean, posts: readonly PostCard[]): MetaDescriptor[] {
	const site = siteConfig()
	const input = {
		...pages.blog,
		...pageCard('blog'),
		jsonLd: [
			blogJsonLd(
				site,
				{ name: blogCopy.feedTitle(site.brandName), description: pages.blog.description, path: pages.blog.path },
				posts.map(cardFacts),
			),
			breadcrumbJsonLd(site, blogTrail),
		],
		title: page > 1 ? `${pages.blog.title} (${blogCopy.pageLabel(page)})` : pages.blog.title,
		canonicalQuery: page > 1 ? `?page=${page}` : undefined,
		noindex: !found,
	}
	return [...pageSeo(input), feedLink(), ...markdownLinks('blog')]
}

export function articleSeo(article: ArticleView): MetaDescriptor[] {
	const site = siteConfig()
	const path = articlePath(article.seoSlug)
	const url = canonicalUrl(site.siteUrl, path)
	const share = shareImageOf(article)
	const image = share ? absoluteUrl(site.siteUrl, share.url) : null
	return [
		...pageSeo({
			title: article.title,
			description: article.excerpt || pages.blog.description,
			path,
			type: 'article',
			image,
			imageSize: share && 'width' in share ? share : undefined,
			// A title card shows the title; an image, what its alt text says.
			imageAlt: share === article.shareCard ? article.title : article.featuredImageAlt || null,
			article: { publishedTime: article.publishedAt, modifiedTime: article.modifiedAt, tags: article.tags },
			jsonLd: [
				articleJsonLd(site, {
					title: article.title,
					path,
					publishedAt: article.publishedAt,
					modifiedAt: article.modifiedAt,
					excerpt: article.excerpt,
					image,
					author: article.author,
					tags: article.tags,
				}),
				breadcrumbJsonLd(site, [...blogTrail, { name: article.title, path }]),
			],
		}),
		feedLink(),
		// The same post as Markdown, for answer engines and assistants (server/markdown-versions.ts).
		{ tagName: 'link', rel: 'alternate', type: 'text/markdown', href: `${url}.md` },
		describedByLink,
	]
}

/** Tags of an archive page: its own title and description, `?page=N` kept after the first; a 404 is noindex. */
export function archiveSeo(view: ArchiveView, slug: string): MetaDescriptor[] {
	const { term, kind, page } = view
	if (!term) {
		return pageSeo({
			title: blogCopy.noSuchPage.heading,
			description: view.notFound ?? pages.blog.description,
			// Encoded: the slug was asked for, not found, and may hold anything.
			path: archivePath(kind, slug),
			noindex: true,
		})
	}
	const copy = blogCopy.archive[kind]
	const title = copy.title(term.name)
	return [
		...pageSeo({
			title: page > 1 ? `${title} (${blogCopy.pageLabel(page)})` : title,
			description: copy.description(term.name, blogCopy.archive.count(term.count)),
			path: archivePath(kind, term.slug),
			...pageCard('blog'),
			jsonLd: [breadcrumbJsonLd(siteConfig(), [...blogTrail, { name: title, path: archivePath(kind, term.slug) }])],
			canonicalQuery: page > 1 ? `?page=${page}` : undefined,
			noindex: view.notFound !== null,
		}),
		...(kind === 'category' ? [feedLink(term)] : []),
		feedLink(),
	]
}

/** Tags of the search page: never indexed, whatever was asked. */
export function searchSeo(view: SearchView): MetaDescriptor[] {
	const copy = blogCopy.search
	return [
		...pageSeo({
			title: view.query && !view.problem ? copy.pageTitle(view.query) : copy.title,
			description: copy.description,
			path: SEARCH_PATH,
			...pageCard('blog'),
			noindex: true,
		}),
		feedLink(),
	]
}

export function postNotFoundSeo(slug: string): MetaDescriptor[] {
	return pageSeo({
		title: blogCopy.notFound.title,
		description: blogCopy.notFound.text,
		// Encoded: the slug was asked for, not found, and may hold anything (a NUL, a quote).
		path: articlePath(encodeURIComponent(slug)),
		noindex: true,
	})
}
