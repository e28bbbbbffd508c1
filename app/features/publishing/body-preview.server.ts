import * as z from 'zod/mini'
import { postLimits, postsCopy } from '#app/content/posts.ts'
import { renderPostBody } from '#app/features/blog/sanitize.server.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { postSchema, renderableBody } from './post-schema.ts'

/** The editor's body fields, checked by the same rules as a save. */
const previewSchema = z
	.object({ bodyFormat: postSchema.shape.bodyFormat, body: postSchema.shape.body })
	.check(renderableBody)

type PreviewInput = z.output<typeof previewSchema>

/** A body as the public page shows it: stored the way a save stores it, rendered by the same code and sanitiser. */
export function previewHtml(input: PreviewInput, embedHosts: readonly string[]) {
	return renderPostBody(
		{
			content: input.bodyFormat === 'markdown' ? input.body : null,
			bodyhtml: input.bodyFormat === 'html' ? input.body : null,
		},
		{ embedHosts },
	)
}

/** The live preview: a console post (session, CSRF token, rate limit, the editor's body cap) answered with HTML. */
export async function bodyPreviewAction(request: Request, context: SiteContext) {
	const answer = await handleConsoleSubmission(request, context, {
		schema: previewSchema,
		maxBodyBytes: postLimits.formBytes,
		invalidMessage: () => postsCopy.messages.invalid,
		store: async (input) =>
			new Response(previewHtml(input, context.config.BLOG_EMBED_HOSTS), {
				headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
			}),
	})
	if (answer instanceof Response) return answer
	// A resource route would send data() with status 200: the refusal's own status (403, 413, 429) must reach the editor.
	return Response.json(answer.data, { status: answer.init?.status, headers: answer.init?.headers })
}
