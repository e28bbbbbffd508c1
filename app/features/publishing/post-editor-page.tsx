import { type FormEvent, useEffect, useId, useState } from 'react'
import { Form, Link, useBlocker, useNavigation, useSubmit } from 'react-router'
import { timeCopy } from '#app/content/console.ts'
import { newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import { postLimits, postsCopy, type PostState as State } from '#app/content/posts.ts'
import { ConsoleSection, CsrfField, RowActionButton, ShownOnceLink } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { DEFAULT_TIME_ZONE, momentOfWallTime, readDatetimeLocal, utcMoment } from '#app/features/console/time-zone.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { defineForm, Field, type FieldProps, FormStatus, fieldProps, submitWhenValid } from '#app/forms/form.tsx'
import type { FieldErrors } from '#app/forms/schema.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { EditorImageUpload } from './editor-image-upload.tsx'
import { PostBodyField } from './post-body-field.tsx'
import { PostStateBadge } from './posts-page.tsx'

export type PostFormValues = {
	title: string
	slug: string
	excerpt: string
	bodyFormat: 'markdown' | 'html'
	body: string
	categories: string
	tags: string
	authorName: string
	authorImage: string
	featuredImage: string
	featuredImageAlt: string
	publishAt: string
}

export type PostEditorProps = {
	post: { id: number; state: State; updatedAt: string; hasPreviewLink: boolean; sendId: number | null } | null
	values: PostFormValues
	known: { categories: string[]; tags: string[] }
	notice: string | null
	/** The answer of a refused save (a page without JavaScript renders from it), or of the preview-link buttons. */
	result?: SubmissionResult
}

const fields = postsCopy.editor.fields

/** Warns before leaving with changes that are not saved: a link in the app, or closing or reloading the tab. */
function useUnsavedWarning(dirty: boolean) {
	const navigation = useNavigation()
	const blocker = useBlocker(
		({ currentLocation, nextLocation }) =>
			dirty && navigation.state === 'idle' && currentLocation.pathname !== nextLocation.pathname,
	)
	useEffect(() => {
		if (blocker.state !== 'blocked') return
		if (window.confirm(postsCopy.editor.unsaved)) blocker.proceed()
		else blocker.reset()
	}, [blocker])
	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty])
}

/** The editor's fields, declared once against the schema its action parses with. */
const postForm = (action: string, zone: string) =>
	defineForm({
		action,
		schema: () => import('./post-schema.ts').then((s) => s.postSchema),
		fields: {
			title: { label: fields.title, required: true, maxLength: postLimits.title },
			slug: { label: fields.slug, hint: fields.slugHint, maxLength: postLimits.slug },
			excerpt: { label: fields.excerpt, multiline: true, maxLength: postLimits.excerpt },
			categories: { label: fields.categories, maxLength: postLimits.terms },
			tags: { label: fields.tags, maxLength: postLimits.terms },
			authorName: { label: fields.authorName, maxLength: postLimits.authorName },
			authorImage: { label: fields.authorImage, maxLength: postLimits.url },
			featuredImage: { label: fields.featuredImage, hint: fields.featuredImageHint, maxLength: postLimits.url },
			featuredImageAlt: {
				label: fields.featuredImageAlt,
				hint: fields.featuredImageAltHint,
				maxLength: postLimits.alt,
			},
			publishAt: { label: fields.publishAt(zone), hint: fields.publishAtHint, type: 'datetime-local', step: 1 },
		},
	})

type PostField = keyof ReturnType<typeof postForm>['fields']

/** Elsewhere than UTC, the publish date's hint says the UTC moment the typed date names. */
function withUtcMoment(props: FieldProps, typed: string, zone: string): FieldProps {
	const asked = readDatetimeLocal(typed)
	if (!asked || zone === DEFAULT_TIME_ZONE) return props
	return { ...props, hint: `${props.hint} ${timeCopy.inUtc(utcMoment(momentOfWallTime(asked, zone)))}` }
}

/** The hint of a terms field names the terms already in use. */
const withKnownTerms = (props: FieldProps, known: string[]): FieldProps => ({
	...props,
	hint: `${fields.termsHint}${known.length ? known.join(', ') : '—'}`,
})

export function PostEditorPage({ post, values, known, notice, result }: PostEditorProps) {
	const { csrfToken, timeZone } = useConsole()
	const navigation = useNavigation()
	const [dirty, setDirty] = useState(false)
	const submitting = navigation.state === 'submitting'
	// A refused save keeps its text, not yet saved: leaving warns again.
	useEffect(() => {
		if (result && !result.ok && result.values) setDirty(true)
	}, [result])
	useUnsavedWarning(dirty && !submitting)
	const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
	const shown = result && !result.ok && result.values ? { ...values, ...result.values } : values
	const outcome = { errors: clientErrors ?? result?.fieldErrors ?? {}, values: shown }
	const state = post?.state ?? 'draft'
	const form = postForm(post ? consolePaths.post(post.id) : consolePaths.newPost, timeZone.shown)
	const [publishAt, setPublishAt] = useState(shown.publishAt)
	const field = (name: PostField) => fieldProps(form, name, outcome)
	const submit = useSubmit()
	// Checked with the action's schema first; the save itself must not be blocked as leaving.
	const onSubmit = (event: FormEvent<HTMLFormElement>) =>
		submitWhenValid(event, form.schema, {
			invalid: setClientErrors,
			valid: async (formData) => {
				setClientErrors(null)
				setDirty(false)
				await submit(formData, { method: 'post', action: form.action })
			},
		})
	const formId = useId()
	return (
		<>
			<p className="mb-4">
				<Link to={consolePaths.posts} className="text-sm font-semibold text-brand-700 underline">
					{postsCopy.editor.back}
				</Link>
			</p>
			<div className="mb-6 flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-bold wrap-anywhere text-slate-900">
					{post ? postsCopy.editor.editTitle(values.title) : postsCopy.editor.newTitle}
				</h1>
				{post ? <PostStateBadge state={post.state} /> : null}
			</div>
			{notice ? <FormStatus result={{ ok: true, tone: 'success', message: notice }} /> : null}
			{result && !result.shownOnce ? <FormStatus result={result} /> : null}
			<Form
				id={formId}
				method="post"
				action={form.action}
				noValidate
				aria-label={post ? postsCopy.editor.editTitle(values.title) : postsCopy.editor.newTitle}
				onChange={(event) => {
					setDirty(true)
					const changed = event.target
					if (changed instanceof HTMLInputElement && changed.name === 'publishAt') setPublishAt(changed.value)
				}}
				onSubmit={onSubmit}
				className="mt-4 space-y-5 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
			>
				<CsrfField token={csrfToken} />
				<input type="hidden" name="updatedAt" value={post?.updatedAt ?? ''} />
				<Field {...field('title')} />
				<Field {...field('slug')} />
				<Field {...field('excerpt')} />
				<fieldset>
					<legend className="text-sm font-medium text-slate-800">{fields.bodyFormat}</legend>
					<div className="mt-1 flex gap-6">
						{(['markdown', 'html'] as const).map((format) => (
							<label key={format} className="flex items-center gap-2 text-slate-900">
								<input type="radio" name="bodyFormat" value={format} defaultChecked={shown.bodyFormat === format} />
								{fields[format]}
							</label>
						))}
					</div>
				</fieldset>
				<div data-post-body>
					<PostBodyField defaultValue={shown.body} error={outcome.errors.body} />
				</div>
				<div className="grid gap-5 sm:grid-cols-2">
					<Field {...withKnownTerms(field('categories'), known.categories)} />
					<Field {...withKnownTerms(field('tags'), known.tags)} />
					<Field {...field('authorName')} />
					<Field {...field('authorImage')} />
					<Field {...field('featuredImage')} />
					<Field {...field('featuredImageAlt')} />
				</div>
				<Field {...withUtcMoment(field('publishAt'), publishAt, timeZone.shown)} />
				<div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
					{state === 'draft' ? (
						<>
							<button
								type="submit"
								name="intent"
								value="draft"
								className={buttonClass('secondary', 'md')}
								disabled={submitting}
							>
								{postsCopy.editor.saveDraft}
							</button>
							<button
								type="submit"
								name="intent"
								value="publish"
								className={buttonClass('primary', 'md')}
								disabled={submitting}
							>
								{postsCopy.editor.publish}
							</button>
							<button
								type="submit"
								name="intent"
								value="publish-email"
								className={buttonClass('secondary', 'md')}
								disabled={submitting}
							>
								{newsletterSendsCopy.editor.publishAndEmail}
							</button>
						</>
					) : (
						<>
							<button
								type="submit"
								name="intent"
								value="save"
								className={buttonClass('primary', 'md')}
								disabled={submitting}
							>
								{postsCopy.editor.save}
							</button>
							<button
								type="submit"
								name="intent"
								value="unpublish"
								className={buttonClass('secondary', 'md')}
								disabled={submitting}
							>
								{postsCopy.editor.unpublish}
							</button>
						</>
					)}
					{submitting ? <span role="status">{postsCopy.editor.saving}</span> : null}
					{post ? (
						<>
							<Link to={consolePaths.postPreview(post.id)} className="font-semibold text-brand-700 underline">
								{postsCopy.editor.preview}
							</Link>
							<Link to={consolePaths.postRevisions(post.id)} className="font-semibold text-brand-700 underline">
								{postsCopy.editor.revisions}
							</Link>
							{post.sendId !== null ? (
								<Link to={consolePaths.newsletterSend(post.sendId)} className="font-semibold text-brand-700 underline">
									{newsletterSendsCopy.editor.emailed}
								</Link>
							) : state === 'published' ? (
								<Link to={consolePaths.postEmail(post.id)} className="font-semibold text-brand-700 underline">
									{newsletterSendsCopy.editor.emailSubscribers}
								</Link>
							) : null}
						</>
					) : null}
				</div>
			</Form>
			<EditorImageUpload formId={formId} />
			{post ? (
				<>
					<ConsoleSection heading={postsCopy.editor.previewLink.heading} intro={postsCopy.editor.previewLink.intro}>
						{result?.shownOnce ? <ShownOnceLink message={result.message} link={result.shownOnce} /> : null}
						{post.hasPreviewLink ? (
							<p className="mb-3 text-sm text-slate-700">{postsCopy.editor.previewLink.active}</p>
						) : null}
						<div className="flex flex-wrap gap-3">
							<RowActionButton
								action={`${consolePaths.post(post.id)}?intent=preview-link`}
								csrfToken={csrfToken}
								fields={{}}
								label={postsCopy.editor.previewLink.create}
							/>
							{post.hasPreviewLink ? (
								<RowActionButton
									action={`${consolePaths.post(post.id)}?intent=revoke-preview`}
									csrfToken={csrfToken}
									fields={{}}
									label={postsCopy.editor.previewLink.revoke}
								/>
							) : null}
						</div>
					</ConsoleSection>
					<ConsoleSection heading={postsCopy.editor.delete}>
						<Form
							method="post"
							action={`${consolePaths.post(post.id)}?intent=delete`}
							className="flex flex-wrap items-center gap-4"
						>
							<CsrfField token={csrfToken} />
							<label className="flex items-center gap-2 text-slate-800">
								<input type="checkbox" name="confirm" value="yes" required />
								{postsCopy.editor.deleteConfirm}
							</label>
							<button
								type="submit"
								className={`${buttonClass('secondary', 'md')} border-red-300 text-red-800 hover:bg-red-50`}
							>
								{postsCopy.editor.delete}
							</button>
						</Form>
					</ConsoleSection>
				</>
			) : null}
		</>
	)
}
