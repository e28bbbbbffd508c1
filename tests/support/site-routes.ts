import { pagePaths } from '#app/content/page-paths.ts'
import { pages } from '#app/content/pages.ts'

/** The newest article's path, read off the blog list; undefined when nothing is published. */
export async function newestArticle(baseUrl: string): Promise<string | undefined> {
	const blog = await fetch(`${baseUrl}/blog`)
	// Slugs have no dot and no slash: the feed, the first card's preloaded image and archives are not articles.
	return /href="(\/blog\/[^"?#./]+)"/.exec(await blog.text())?.[1]
}

/** The first category archive the blog list's sidebar links to; undefined when nothing is published. */
export async function firstArchive(baseUrl: string): Promise<string | undefined> {
	const blog = await fetch(`${baseUrl}/blog`)
	return /href="(\/blog\/category\/[^"?#/]+)"/.exec(await blog.text())?.[1]
}

/**
 * Every kind of page the site serves, for audits and budgets: each static page, the blog list and its
 * second page, the newest article, a category archive, search results and the 404 page.
 */
export async function auditedRoutes(baseUrl: string): Promise<string[]> {
	const routes = [...Object.values(pages).map((page) => page.path), '/blog?page=2']
	const article = await newestArticle(baseUrl)
	if (article) routes.push(article)
	const archive = await firstArchive(baseUrl)
	if (archive) routes.push(archive)
	routes.push('/blog/search?q=domain')
	routes.push('/no-such-page')
	return routes
}

/** The audited routes that ship no React, the router or their route module (decision 015); the others hydrate. */
export const routesWithoutReact: readonly string[] = [
	pagePaths.strategyCallBooked,
	pagePaths.privacy,
	pagePaths.terms,
	pagePaths.cookies,
	pagePaths.roadmap,
	'/no-such-page',
]
