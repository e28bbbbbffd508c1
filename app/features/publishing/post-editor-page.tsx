import { useEffect, useId, useState } from 'react'
import { Form, Link, useBlocker, useNavigation } from 'react-router'
import { postLimits, postsCopy, type PostState as State } from '#app/content/posts.ts'
import { ConsoleSection, CsrfField, RowActionButton, ShownOnceLink } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { Field, FormStatus } from '#app/forms/form.tsx'
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
	post: { id: number; state: State; updatedAt: string; hasPreviewLink: boolean } | null
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

function TermsField({
	name,
	label,
	value,
	error,
	known,
}: {
	name: string
	label: string
	value: string
	error?: string
	known: string[]
}) {
	const id = useId()
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<input
				id={id}
				name={name}
				defaultValue={value}
				maxLength={postLimits.terms}
				aria-describedby={`${id}-hint`}
				aria-invalid={error ? true : undefined}
				className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
			/>
			<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
				{fields.termsHint}
				{known.length ? known.join(', ') : '—'}
			</p>
			{error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
		</div>
	)
}

export function PostEditorPage({ post, values, known, notice, result }: PostEditorProps) {
	const { csrfToken } = useConsole()
	const navigation = useNavigation()
	const [dirty, setDirty] = useState(false)
	const submitting = navigation.state === 'submitting'
	// A refused save keeps its text, not yet saved: leaving warns again.
	useEffect(() => {
		if (result && !result.ok && result.values) setDirty(true)
	}, [result])
	useUnsavedWarning(dirty && !submitting)
	const errors = result?.fieldErrors ?? {}
	const shown = result && !result.ok && result.values ? { ...values, ...result.values } : values
	const state = post?.state ?? 'draft'
	// The browser has checked the fields by now; the save itself must not be blocked as leaving.
	const onSubmit = () => setDirty(false)
	const dateId = useId()
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
				action={post ? consolePaths.post(post.id) : consolePaths.newPost}
				aria-label={post ? postsCopy.editor.editTitle(values.title) : postsCopy.editor.newTitle}
				onChange={() => setDirty(true)}
				onSubmit={onSubmit}
				className="mt-4 space-y-5 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
			>
				<CsrfField token={csrfToken} />
				<input type="hidden" name="updatedAt" value={post?.updatedAt ?? ''} />
				<Field
					name="title"
					label={fields.title}
					required
					maxLength={postLimits.title}
					defaultValue={shown.title}
					error={errors.title}
				/>
				<Field
					name="slug"
					label={fields.slug}
					hint={fields.slugHint}
					maxLength={postLimits.slug}
					defaultValue={shown.slug}
					error={errors.slug}
				/>
				<Field
					name="excerpt"
					label={fields.excerpt}
					multiline
					maxLength={postLimits.excerpt}
					defaultValue={shown.excerpt}
					error={errors.excerpt}
				/>
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
					<PostBodyField defaultValue={shown.body} error={errors.body} />
				</div>
				<div className="grid gap-5 sm:grid-cols-2">
					<TermsField
						name="categories"
						label={fields.categories}
						value={shown.categories}
						error={errors.categories}
						known={known.categories}
					/>
					<TermsField name="tags" label={fields.tags} value={shown.tags} error={errors.tags} known={known.tags} />
					<Field
						name="authorName"
						label={fields.authorName}
						maxLength={postLimits.authorName}
						defaultValue={shown.authorName}
						error={errors.authorName}
					/>
					<Field
						name="authorImage"
						label={fields.authorImage}
						maxLength={postLimits.url}
						defaultValue={shown.authorImage}
						error={errors.authorImage}
					/>
					<Field
						name="featuredImage"
						label={fields.featuredImage}
						hint={fields.featuredImageHint}
						maxLength={postLimits.url}
						defaultValue={shown.featuredImage}
						error={errors.featuredImage}
					/>
					<Field
						name="featuredImageAlt"
						label={fields.featuredImageAlt}
						hint={fields.featuredImageAltHint}
						maxLength={postLimits.alt}
						defaultValue={shown.featuredImageAlt}
						error={errors.featuredImageAlt}
					/>
				</div>
				<div>
					<label htmlFor={dateId} className="block text-sm font-medium text-slate-800">
						{fields.publishAt}
					</label>
					<input
						id={dateId}
						type="datetime-local"
						step={1}
						name="publishAt"
						defaultValue={shown.publishAt}
						aria-describedby={`${dateId}-hint`}
						aria-invalid={errors.publishAt ? true : undefined}
						className="mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
					/>
					<p id={`${dateId}-hint`} className="mt-1 text-sm text-slate-600">
						{fields.publishAtHint}
					</p>
					{errors.publishAt ? <p className="mt-1 text-sm font-medium text-red-700">{errors.publishAt}</p> : null}
				</div>
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
