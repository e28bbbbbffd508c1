import * as z from 'zod/mini'
import { postLimits, postsCopy } from '#app/content/posts.ts'
import { isRenderableMarkdown } from '#app/features/blog/markdown-limits.ts'
import { isReservedArticleSlug } from '#app/features/blog/paths.ts'
import { readDatetimeLocal } from '#app/features/console/time-zone.ts'
import { optionalText, requiredText } from '#app/forms/schema.ts'

const messages = postsCopy.messages

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** An https address or a path on this site; nothing a browser would run (javascript:) or send elsewhere unsecured. */
export function isImageAddress(value: string) {
	return /^(https:\/\/[^\s"'<>\\]+|\/(?!\/)[^\s"'<>\\]*)$/.test(value)
}

const address = z.pipe(
	optionalText(postLimits.url),
	z.nullable(z.string().check(z.refine(isImageAddress, messages.urlInvalid))),
)

/** `publish-email` publishes, then opens the post's email page, where the send asks before it goes. */
export const postIntents = ['save', 'draft', 'publish', 'unpublish', 'publish-email'] as const
export type PostIntent = (typeof postIntents)[number]

/** Markdown the parser would take too long over is refused before it is saved or previewed. */
export const renderableBody = z.refine<{ bodyFormat: 'markdown' | 'html'; body: string }>(
	(post) => post.bodyFormat === 'html' || isRenderableMarkdown(post.body),
	{ message: messages.bodyTooComplex, path: ['body'] },
)

/** The editor's fields, checked the same way in the browser and by the action. */
export const postSchema = z
	.object({
		title: requiredText(postLimits.title, messages.titleRequired),
		slug: z.string().check(
			z.maxLength(postLimits.slug),
			z.refine((value) => value.trim() === '' || SLUG.test(value.trim()), messages.slugInvalid),
			z.refine((value) => !isReservedArticleSlug(value.trim()), messages.slugReserved),
		),
		excerpt: optionalText(postLimits.excerpt),
		bodyFormat: z.enum(['markdown', 'html']),
		body: z.string().check(z.maxLength(postLimits.body)),
		categories: z.string().check(z.maxLength(postLimits.terms)),
		tags: z.string().check(z.maxLength(postLimits.terms)),
		authorName: optionalText(postLimits.authorName),
		authorImage: address,
		featuredImage: address,
		featuredImageAlt: optionalText(postLimits.alt),
		publishAt: z
			.string()
			.check(z.refine((value) => value === '' || readDatetimeLocal(value) !== null, messages.dateInvalid)),
		intent: z.enum(postIntents),
		/** The version the form was made from (its updated_at), empty for a new post. */
		updatedAt: z.string().check(z.maxLength(40)),
	})
	.check(
		z.refine((post) => !post.featuredImage || Boolean(post.featuredImageAlt), {
			message: messages.altRequired,
			path: ['featuredImageAlt'],
		}),
		renderableBody,
	)

export type PostInput = z.output<typeof postSchema>

/** Comma-separated terms as the post stores them: trimmed, without empties or repeats. */
export function termsFrom(value: string) {
	return [
		...new Set(
			value
				.split(',')
				.map((term) => term.trim())
				.filter(Boolean),
		),
	]
}

/** A slug made from a title: lowercase ASCII letters and digits joined by single hyphens. */
export function slugFromTitle(title: string) {
	return title
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, postLimits.slug)
		.replace(/-+$/, '')
}
