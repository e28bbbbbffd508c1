import type { MetaDescriptor } from 'react-router'
import { blogCopy, teamAuthor } from '#app/content/blog.ts'
import type { RoutePath } from '#app/content/page-paths.ts'
import { pages } from '#app/content/pages.ts'
import { describedByLink } from '#app/features/answer-engines/negotiation.server.ts'
import { markdownLinks, pageCard, pageSeo, siteConfig } from '#app/features/seo/page-seo.server.ts'
import { absoluteUrl, canonicalUrl } from '#app/features/seo/seo.ts'
import { archivePath, articlePath, categoryFeedPath, SEARCH_PATH } from './paths.ts'
import { shareImageOf } from './share-image.ts'
import type { ArchiveView, ArticleView, SearchView } from './types.ts'

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

/** Tags of a list page; pages after the first keep `?page=N` in their canonical URL. */
export function blogListSeo(page: number, found: boolean): MetaDescriptor[] {
	const input = {
		...pages.blog,
		...pageCard('blog'),
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
	const author = article.author.name ?? teamAuthor(site.brandName)
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
				{
					'@context': 'https://schema.org',
					'@type': 'BlogPosting',
					headline: article.title,
					description: article.excerpt || undefined,
					image: image ?? undefined,
					datePublished: article.publishedAt,
					dateModified: article.modifiedAt,
					author: article.author.name
						? { '@type': 'Person', name: author }
						: { '@type': 'Organization', name: site.brandName },
					publisher: { '@type': 'Organization', name: site.brandName, logo: `${site.siteUrl}/logo.png` },
					mainEntityOfPage: url,
					keywords: article.tags.length > 0 ? article.tags.join(', ') : undefined,
				},
				{
					'@context': 'https://schema.org',
					'@type': 'BreadcrumbList',
					itemListElement: [
						{ '@type': 'ListItem', position: 1, name: 'Home', item: `${site.siteUrl}/` },
						{ '@type': 'ListItem', position: 2, name: 'Blog', item: `${site.siteUrl}/blog` },
						{ '@type': 'ListItem', position: 3, name: article.title, item: url },
					],
				},
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
