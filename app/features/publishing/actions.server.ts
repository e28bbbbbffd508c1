import { redirect } from 'react-router'
import * as z from 'zod/mini'
import { postLimits, postsCopy } from '#app/content/posts.ts'
import { confirmSchema, rowId } from '#app/features/auth/schemas.ts'
import { announceContentChange } from '#app/features/blog/content-changes.server.ts'
import { previewPath } from '#app/features/blog/paths.ts'
import { makeShareCard } from '#app/features/blog/share-cards.server.ts'
import { handleConsoleSubmission } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { momentOfWallTime, readDatetimeLocal } from '#app/features/console/time-zone.ts'
import { publicConfig } from '#app/features/site/config.server.ts'
import type { StoreResult } from '#app/forms/request.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { pingForPostChange, postBeforeChange } from './index-now.server.ts'
import { type PostInput, type PostIntent, postSchema } from './post-schema.ts'
import {
	createPreviewToken,
	deletePost,
	getPost,
	restoreRevision,
	revokePreviewToken,
	type SaveOutcome,
	savePost,
} from './posts.server.ts'

const messages = postsCopy.messages
const actorOf = (context: SiteContext, by: number) => ({ by, clientAddress: context.clientAddress })

/** What the form showed, so a refused save puts every word back (a page without JavaScript renders from it). */
const typedValues = (input: PostInput) => ({
	title: input.title,
	slug: input.slug,
	excerpt: input.excerpt ?? '',
	bodyFormat: input.bodyFormat,
	body: input.body,
	categories: input.categories,
	tags: input.tags,
	authorName: input.authorName ?? '',
	authorImage: input.authorImage ?? '',
	featuredImage: input.featuredImage ?? '',
	featuredImageAlt: input.featuredImageAlt ?? '',
	publishAt: input.publishAt,
})

/** Where the editor goes after a save, and what it says there. */
export const savedNotices = ['created', 'saved', 'published', 'scheduled', 'unpublished', 'restored'] as const
export type SavedNotice = (typeof savedNotices)[number]

function afterSave(saved: Extract<SaveOutcome, { outcome: 'saved' }>, intent: PostIntent): SavedNotice {
	if (saved.created && intent !== 'publish') return 'created'
	if (intent === 'publish') return saved.state === 'scheduled' ? 'scheduled' : 'published'
	return intent === 'unpublish' ? 'unpublished' : 'saved'
}

/** The editor's post: a new post (id null) or a save of one; every button goes through here. */
export function savePostAction(request: Request, context: SiteContext, id: number | null) {
	return handleConsoleSubmission(request, context, {
		schema: postSchema,
		maxBodyBytes: postLimits.formBytes,
		invalidMessage: () => messages.invalid,
		store: async (input, session): Promise<StoreResult> => {
			const before = await postBeforeChange(context, id)
			// The date was typed in the operator's time zone; the post stores the moment it names.
			const asked = readDatetimeLocal(input.publishAt)
			const publishAt = asked ? momentOfWallTime(asked, session.timeZone.shown).toISOString().slice(0, 19) : ''
			const intent = input.intent === 'publish-email' ? 'publish' : input.intent
			const saved = await savePost(
				context.db,
				{ id, input: { ...input, publishAt, intent }, intent },
				actorOf(context, session.operator.id),
			)
			const values = typedValues(input)
			if (saved.outcome === 'unknown') return { ok: false, tone: 'error', message: messages.notFound.text, status: 404 }
			if (saved.outcome === 'slug-taken') {
				const message = messages.slugTaken(saved.title)
				return { ok: false, tone: 'error', message, fieldErrors: { slug: message }, values, status: 409 }
			}
			if (saved.outcome === 'stale') {
				return { ok: false, tone: 'error', message: messages.stale(saved.by ?? messages.someone), values, status: 409 }
			}
			await afterPostChange(context, saved.id, before)
			if (input.intent === 'publish-email' && saved.state === 'published') {
				return redirect(consolePaths.postEmail(saved.id), 303)
			}
			return redirect(`${consolePaths.post(saved.id)}?done=${afterSave(saved, intent)}`, 303)
		},
	})
}

/** After a post changed: its share card, the IndexNow pings for its addresses, the news to every instance. */
async function afterPostChange(context: SiteContext, id: number, before: Awaited<ReturnType<typeof postBeforeChange>>) {
	const after = await getPost(context.db, id)
	if (after) {
		await makeShareCard(context.db, publicConfig(context.config), after).catch(
			// The background maker makes it later: a save never fails for want of a card.
			(error) => context.logger.warn({ err: error, post: id }, 'share card not made'),
		)
	}
	await pingForPostChange(context, before, after)
	await announceContentChange(context.db)
}

export function deletePostAction(request: Request, context: SiteContext, id: number) {
	return handleConsoleSubmission(request, context, {
		schema: z.object({ confirm: z.literal('yes') }),
		invalidMessage: () => postsCopy.editor.deleteConfirm,
		store: async (_input, session): Promise<StoreResult> => {
			const before = await postBeforeChange(context, id)
			if (!(await deletePost(context.db, id, actorOf(context, session.operator.id)))) {
				return { ok: false, tone: 'error', message: messages.notFound.text, status: 404 }
			}
			await pingForPostChange(context, before, null)
			await announceContentChange(context.db)
			return redirect(`${consolePaths.posts}?done=deleted`, 303)
		},
	})
}

/** Creates (shown once) or revokes the post's secret preview link. */
export function previewLinkAction(request: Request, context: SiteContext, id: number, revoke: boolean) {
	return handleConsoleSubmission(request, context, {
		schema: confirmSchema,
		store: async (_input, session): Promise<StoreResult> => {
			const actor = actorOf(context, session.operator.id)
			if (revoke) {
				await revokePreviewToken(context.db, id, actor)
				return { ok: true, tone: 'success', message: postsCopy.editor.previewLink.revoked }
			}
			const token = await createPreviewToken(context.db, id, actor)
			if (!token) return { ok: false, tone: 'error', message: messages.notFound.text, status: 404 }
			const link = `${context.config.SITE_URL.replace(/\/+$/, '')}${previewPath(token)}`
			return { ok: true, tone: 'success', message: postsCopy.editor.previewLink.created, shownOnce: link }
		},
	})
}

export function restoreRevisionAction(request: Request, context: SiteContext, postId: number) {
	return handleConsoleSubmission(request, context, {
		schema: z.object({ revision: rowId }),
		store: async (input, session): Promise<StoreResult> => {
			const before = await postBeforeChange(context, postId)
			const outcome = await restoreRevision(
				context.db,
				postId,
				Number(input.revision),
				actorOf(context, session.operator.id),
			)
			if (outcome === 'unknown') return { ok: false, tone: 'error', message: messages.noRevision, status: 404 }
			if (typeof outcome === 'object') {
				return { ok: false, tone: 'error', message: messages.slugTaken(outcome.taken), status: 409 }
			}
			await afterPostChange(context, postId, before)
			return redirect(`${consolePaths.post(postId)}?done=restored`, 303)
		},
	})
}
