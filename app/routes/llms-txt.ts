import { llmsTxt } from '#app/features/answer-engines/llms-txt.server.ts'
import { listPublishedPosts } from '#app/features/blog/posts.server.ts'
import { siteConfig } from '#app/features/site/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/llms-txt'

export async function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	// The owners asked AI crawlers to stay away (AI_CRAWLERS=deny): nothing is offered to them here either.
	if (site.config.AI_CRAWLERS === 'deny') {
		return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	}
	const { posts } = await listPublishedPosts(site.db, 1)
	return new Response(llmsTxt(siteConfig(), posts), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
