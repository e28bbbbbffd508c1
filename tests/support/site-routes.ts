import { pagePaths } from '../../app/content/page-paths.ts'
import { pages } from '../../app/content/pages.ts'

/** The newest article's path, read off the blog list; undefined when nothing is published. */
export async function newestArticle(baseUrl: string): Promise<string | undefined> {
	const blog = await fetch(`${baseUrl}/blog`)
	// Slugs have no dot: the feed and the first card's preloaded image are not articles.
	return /href="(\/blog\/[^"?#.]+)"/.exec(await blog.text())?.[1]
}

/**
 * Every kind of page the site serves, for audits and budgets: each static page, the blog list and its
 * second page, the newest article and the 404 page.
 */
export async function auditedRoutes(baseUrl: string): Promise<string[]> {
	const routes = [...Object.values(pages).map((page) => page.path), '/blog?page=2']
	const article = await newestArticle(baseUrl)
	if (article) routes.push(article)
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
