import { llmsCopy } from '#app/content/answer-engines.ts'
import { llmsAnswer, llmsFullTxt } from '#app/features/answer-engines/llms-txt.server.ts'
import { newestPostsWithBodies } from '#app/features/blog/posts.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/llms-full-txt'

export function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	return llmsAnswer(site.config, async () =>
		llmsFullTxt(siteConfig(), await newestPostsWithBodies(site.db, llmsCopy.fullPosts)),
	)
}
