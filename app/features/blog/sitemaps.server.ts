import type { RoutePath } from '#app/content/page-paths.ts'
import type { Database } from '#app/db/client.server.ts'
import {
	SITEMAP_MAX_URLS,
	type SitemapEntry,
	sitemapIndexXml,
	sitemapXml,
	urlsetXml,
} from '#app/features/seo/sitemap.server.ts'
import { archivePath } from './paths.ts'
import { blogTerms, byUse, sitemapPostParts, sitemapPosts } from './posts.server.ts'

const SITEMAP_PATH = '/sitemaps/:file' satisfies RoutePath
const sitemapPath = (file: string) => SITEMAP_PATH.replace(':file', file)

const PART = /^(posts|archives)-([1-9]\d{0,5})\.xml$/

/** Every category's and tag's archive (first page), categories first, most used first. */
async function archiveEntries(db: Database): Promise<SitemapEntry[]> {
	const terms = await blogTerms(db)
	return [...terms.category.values(), ...terms.tag.values()]
		.filter((term) => term.slug !== '')
		.sort((a, b) => (a.kind === b.kind ? byUse(a, b) : a.kind === 'category' ? -1 : 1))
		.map((term) => ({ path: archivePath(term.kind, term.slug), lastModified: term.lastModified }))
}

const newest = (entries: { lastModified?: Date }[]) =>
	entries.reduce<Date | undefined>(
		(last, entry) => (entry.lastModified && (!last || entry.lastModified > last) ? entry.lastModified : last),
		undefined,
	)

/** sitemap.xml: the static pages' sitemap, then the posts' and the archives' in parts of SITEMAP_MAX_URLS. */
export async function sitemapIndex(db: Database, siteUrl: string): Promise<string> {
	const [postParts, archives] = await Promise.all([sitemapPostParts(db), archiveEntries(db)])
	const archiveParts = Array.from({ length: Math.ceil(archives.length / SITEMAP_MAX_URLS) }, (_, n) =>
		archives.slice(n * SITEMAP_MAX_URLS, (n + 1) * SITEMAP_MAX_URLS),
	)
	return sitemapIndexXml(siteUrl, [
		// The pages' sitemap lists the blog, which changes with any post.
		{ path: sitemapPath('pages.xml'), lastModified: newest(postParts) },
		...postParts.map((part, n) => ({ path: sitemapPath(`posts-${n + 1}.xml`), lastModified: part.lastModified })),
		...archiveParts.map((part, n) => ({ path: sitemapPath(`archives-${n + 1}.xml`), lastModified: newest(part) })),
	])
}

/** One sitemap of the index by its file name, or null when the index lists no such file. */
export async function sitemapFile(db: Database, siteUrl: string, file: string): Promise<string | null> {
	if (file === 'pages.xml') return sitemapXml(siteUrl)
	const match = PART.exec(file)
	if (!match) return null
	const part = Number(match[2])
	const entries =
		match[1] === 'posts'
			? await sitemapPosts(db, part)
			: (await archiveEntries(db)).slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS)
	return entries.length ? urlsetXml(siteUrl, entries) : null
}
