import { postsCopy } from '#app/content/posts.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { exactMoment } from '#app/features/console/time-zone.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { sendOfPost } from '#app/features/newsletter/sends.server.ts'
import {
	deletePostAction,
	previewLinkAction,
	type SavedNotice,
	savedNotices,
	savePostAction,
} from '#app/features/publishing/actions.server.ts'
import { PostEditorPage, type PostFormValues } from '#app/features/publishing/post-editor-page.tsx'
import { knownTerms, postState, publishAtShown, requirePost } from '#app/features/publishing/posts.server.ts'
import { type SiteContext, siteContext } from '#app/load-context.ts'
import type { Route } from './+types/post-editor'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = ({ loaderData }) =>
	consoleMeta(loaderData?.post ? postsCopy.editor.editTitle(loaderData.values.title) : postsCopy.editor.newTitle)

const emptyPost: PostFormValues = {
	title: '',
	slug: '',
	excerpt: '',
	bodyFormat: 'markdown',
	body: '',
	categories: '',
	tags: '',
	authorName: '',
	authorImage: '',
	featuredImage: '',
	featuredImageAlt: '',
	publishAt: '',
}

const termList = (terms: unknown[]) =>
	terms.map((term) => (typeof term === 'string' ? term : String((term as { name?: unknown }).name ?? ''))).join(', ')

const messages = postsCopy.messages
const notices: Record<SavedNotice, (when: string) => string> = {
	created: () => messages.created,
	saved: () => messages.saved,
	published: () => messages.published,
	scheduled: (when) => messages.scheduled(when),
	unpublished: () => messages.unpublished,
	restored: () => messages.restored,
}

/** The post this address names (none for /admin/posts/new), or a 404. */
async function postOf(params: { id?: string }, context: SiteContext) {
	return params.id === undefined ? null : requirePost(context.db, params.id)
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const zone = requireOperator(site).timeZone.shown
	const [post, known] = await Promise.all([postOf(params, site), knownTerms(site.db)])
	const sendId = post ? await sendOfPost(site.db, post.id) : null
	const done = url.searchParams.get('done')
	const when = post ? exactMoment(post.published_at, zone) : ''
	return {
		post: post
			? {
					id: post.id,
					state: postState(post),
					updatedAt: post.updated_at.toISOString(),
					hasPreviewLink: post.preview_token_hash !== null,
					sendId,
				}
			: null,
		values: post
			? {
					title: post.title,
					slug: post.seo_slug,
					excerpt: post.excerpt ?? '',
					bodyFormat: post.bodyhtml !== null && post.content === null ? 'html' : 'markdown',
					body: post.content ?? post.bodyhtml ?? '',
					categories: termList(post.categories),
					tags: termList(post.tags),
					authorName: post.author?.name ?? '',
					authorImage: post.author?.image ?? '',
					featuredImage: post.featured_image ?? '',
					featuredImageAlt: post.featured_image_alt ?? '',
					publishAt: publishAtShown(post, zone),
				}
			: emptyPost,
		known,
		notice:
			post && (savedNotices as readonly string[]).includes(done ?? '') ? notices[done as SavedNotice](when) : null,
	} satisfies { values: PostFormValues } & Record<string, unknown>
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const post = await postOf(params, site)
	const intent = url.searchParams.get('intent')
	if (post && intent === 'delete') return deletePostAction(request, site, post.id)
	if (post && (intent === 'preview-link' || intent === 'revoke-preview')) {
		return previewLinkAction(request, site, post.id, intent === 'revoke-preview')
	}
	return savePostAction(request, site, post?.id ?? null)
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
	return <PostEditorPage {...loaderData} result={actionData} />
}
