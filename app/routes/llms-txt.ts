import { llmsAnswer, llmsTxt } from '#app/features/answer-engines/llms-txt.server.ts'
import { listPublishedPosts } from '#app/features/blog/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/llms-txt'

export function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	return llmsAnswer(site.config, async () => llmsTxt(siteConfig(), (await listPublishedPosts(site.db, 1)).posts))
}
