import { type ClipboardEvent, type DragEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { mediaLimits } from '#app/content/media.ts'
import { postLimits, postsCopy } from '#app/content/posts.ts'
import { consoleFieldClass } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { acceptedTypes } from '#app/features/media/media-page.tsx'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import type { BodyEditor, BodyFormat } from './body-editor.client.ts'
import { imageFilesOf, insertImages, textareaBodyText } from './editor-images.ts'

const copy = postsCopy.editor
const images = copy.images
/** A pause in typing this long renders the preview; quicker keystrokes only move the moment on. */
const PREVIEW_DELAY_MS = 400

/** The format the form's radio group says now. */
const formatOf = (form: HTMLFormElement): BodyFormat =>
	(form.elements.namedItem('bodyFormat') as RadioNodeList | null)?.value === 'html' ? 'html' : 'markdown'

/** The last rendered HTML (null until the first answer) and whether the latest request failed. */
type Preview = { html: string | null; failed: boolean }

/** The body as the public page renders it, asked of the server after each pause in typing; null without JavaScript. */
function useLivePreview(textareaRef: RefObject<HTMLTextAreaElement | null>) {
	const { csrfToken } = useConsole()
	const [preview, setPreview] = useState<Preview | null>(null)
	useEffect(() => {
		const textarea = textareaRef.current
		const form = textarea?.form
		if (!textarea || !form) return
		setPreview({ html: null, failed: false })
		let timer: ReturnType<typeof setTimeout> | undefined
		let running: AbortController | undefined
		/** The format and body of the preview shown or on its way. */
		let requested: string | undefined
		const render = async () => {
			const format = formatOf(form)
			const body = textarea.value
			const key = `${format}:${body}`
			if (key === requested) return
			running?.abort()
			const controller = new AbortController()
			running = controller
			requested = key
			if (!body.trim()) {
				setPreview({ html: '', failed: false })
				return
			}
			try {
				const response = await fetch(consolePaths.postRender, {
					method: 'POST',
					body: new URLSearchParams({ [CSRF_FIELD]: csrfToken, bodyFormat: format, body }),
					signal: controller.signal,
				})
				if (!response.ok) throw new Error(`preview refused with ${response.status}`)
				const html = await response.text()
				setPreview({ html, failed: false })
			} catch {
				// A request replaced by a newer one is no failure; anything else keeps the last preview, marked stale.
				if (controller.signal.aborted) return
				requested = undefined
				setPreview((last) => ({ html: last?.html ?? null, failed: true }))
			}
		}
		const schedule = (event: Event) => {
			if (event.target !== textarea && (event.target as HTMLInputElement).name !== 'bodyFormat') return
			clearTimeout(timer)
			timer = setTimeout(render, PREVIEW_DELAY_MS)
		}
		void render()
		form.addEventListener('input', schedule)
		form.addEventListener('change', schedule)
		return () => {
			clearTimeout(timer)
			running?.abort()
			form.removeEventListener('input', schedule)
			form.removeEventListener('change', schedule)
		}
	}, [textareaRef, csrfToken])
	return preview
}

/** CodeMirror over the textarea once loaded (only on this page); the plain textarea until then, or if it fails. */
function useBodyEditor(
	textareaRef: RefObject<HTMLTextAreaElement | null>,
	hostRef: RefObject<HTMLDivElement | null>,
	labelId: string,
	errorId: string | undefined,
	editor: RefObject<BodyEditor | null>,
	onImageFiles: RefObject<(files: File[]) => void>,
) {
	const [enhanced, setEnhanced] = useState(false)
	useEffect(() => {
		const textarea = textareaRef.current
		const parent = hostRef.current
		const form = textarea?.form
		if (!textarea || !parent || !form) return
		let cancelled = false
		import('./body-editor.client.ts')
			.then(({ createBodyEditor }) => {
				if (cancelled) return
				const format = formatOf(form)
				editor.current = createBodyEditor({
					parent,
					textarea,
					format,
					labelId,
					maxLength: postLimits.body,
					onImageFiles: (files) => onImageFiles.current(files),
				})
				// In the same task, so that nothing ever meets two text boxes named after the label.
				flushSync(() => setEnhanced(true))
			})
			// Without the editor the plain textarea stays, which is all the form needs.
			.catch(() => {})
		const followFormat = (event: Event) => {
			if ((event.target as HTMLInputElement).name === 'bodyFormat') editor.current?.setFormat(formatOf(form))
		}
		form.addEventListener('change', followFormat)
		return () => {
			cancelled = true
			form.removeEventListener('change', followFormat)
			editor.current?.destroy()
			editor.current = null
		}
	}, [textareaRef, hostRef, labelId, editor, onImageFiles])
	useEffect(() => {
		if (enhanced) editor.current?.describe(errorId)
	}, [enhanced, errorId, editor])
	return enhanced
}

/**
 * Images put in the body at the cursor (chosen here, dropped or pasted), each uploaded and inserted with its text
 * alternative; what happened is announced.
 */
function useImageInsertion(
	textareaRef: RefObject<HTMLTextAreaElement | null>,
	editor: RefObject<BodyEditor | null>,
	altRef: RefObject<HTMLInputElement | null>,
) {
	const { csrfToken } = useConsole()
	const [status, setStatus] = useState<{ message: string; failed: boolean } | null>(null)
	const insert = useRef<(files: File[]) => void>(() => {})
	insert.current = (files) => {
		const textarea = textareaRef.current
		if (!textarea || files.length === 0) return
		const alt = altRef.current?.value.trim() ?? ''
		if (altRef.current) altRef.current.value = ''
		void insertImages(files, editor.current ?? textareaBodyText(textarea), {
			csrfToken,
			alt,
			announce: (message, failed) => setStatus({ message, failed }),
		})
	}
	return { insert, status }
}

/** Choosing images for the body, with the text alternative to insert them with (JavaScript only). */
function BodyImageControls({
	altRef,
	onFiles,
	status,
}: {
	altRef: RefObject<HTMLInputElement | null>
	onFiles: (files: File[]) => void
	status: { message: string; failed: boolean } | null
}) {
	const id = useId()
	return (
		<div className="js-only mt-3 grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2">
			<div>
				<label htmlFor={`${id}-alt`} className="block text-sm font-medium text-slate-800">
					{images.alt}
				</label>
				<input
					ref={altRef}
					id={`${id}-alt`}
					type="text"
					maxLength={mediaLimits.alt}
					aria-describedby={`${id}-alt-hint`}
					className={consoleFieldClass}
				/>
				<p id={`${id}-alt-hint`} className="mt-1 text-sm text-slate-600">
					{images.altHint}
				</p>
			</div>
			<div>
				<label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
					{images.insert}
				</label>
				<input
					id={`${id}-file`}
					type="file"
					accept={acceptedTypes}
					multiple
					aria-describedby={`${id}-file-hint`}
					onChange={(event) => {
						onFiles(imageFilesOf(event.currentTarget))
						event.currentTarget.value = ''
					}}
					className="mt-1 block w-full text-sm text-slate-800"
				/>
				<p id={`${id}-file-hint`} className="mt-1 text-sm text-slate-600">
					{images.insertHint}
				</p>
			</div>
			<p
				role={status?.failed ? 'alert' : 'status'}
				className={`text-sm sm:col-span-2 ${status?.failed ? 'font-medium text-red-700' : 'text-slate-700'}`}
			>
				{status?.message}
			</p>
		</div>
	)
}

/** The post's body: a textarea that works without JavaScript; with it, a highlighting editor and a live preview. */
export function PostBodyField({ defaultValue, error }: { defaultValue: string; error?: string }) {
	const id = useId()
	const labelId = `${id}-label`
	const errorId = error ? `${id}-error` : undefined
	const textareaRef = useRef<HTMLTextAreaElement>(null)
	const hostRef = useRef<HTMLDivElement>(null)
	const altRef = useRef<HTMLInputElement>(null)
	const editor = useRef<BodyEditor | null>(null)
	const { insert, status } = useImageInsertion(textareaRef, editor, altRef)
	const enhanced = useBodyEditor(textareaRef, hostRef, labelId, errorId, editor, insert)
	const preview = useLivePreview(textareaRef)
	const fromTransfer = (event: DragEvent<HTMLTextAreaElement> | ClipboardEvent<HTMLTextAreaElement>) => {
		const files = imageFilesOf('dataTransfer' in event ? event.dataTransfer : event.clipboardData)
		if (files.length === 0) return
		event.preventDefault()
		insert.current(files)
	}
	return (
		<div className={preview ? 'grid gap-5 lg:grid-cols-2' : undefined}>
			<div className="min-w-0">
				{/* With the editor shown, the label names it (aria-labelledby) and no longer the hidden textarea. */}
				<label id={labelId} htmlFor={enhanced ? undefined : id} className="block text-sm font-medium text-slate-800">
					{copy.fields.body}
				</label>
				<textarea
					ref={textareaRef}
					id={id}
					name="body"
					rows={16}
					defaultValue={defaultValue}
					maxLength={postLimits.body}
					hidden={enhanced}
					aria-invalid={error ? true : undefined}
					aria-describedby={errorId}
					onDrop={fromTransfer}
					onPaste={fromTransfer}
					className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-700"
				/>
				<div ref={hostRef} />
				<BodyImageControls altRef={altRef} onFiles={(files) => insert.current(files)} status={status} />
				{error ? (
					<p id={errorId} className="mt-1 text-sm font-medium text-red-700">
						{error}
					</p>
				) : null}
			</div>
			{preview ? (
				<section aria-labelledby={`${id}-preview`} className="min-w-0">
					<h2 id={`${id}-preview`} className="text-sm font-medium text-slate-800">
						{copy.livePreview}
					</h2>
					{preview.failed ? <p className="mt-1 text-sm font-medium text-red-700">{copy.previewFailed}</p> : null}
					<div className="mt-1 rounded-md border border-slate-200 px-4 py-3">
						{preview.html === null ? null : preview.html ? (
							<div
								className="prose-blog"
								// The server rendered and sanitised it exactly as for the public article page.
								// biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
								dangerouslySetInnerHTML={{ __html: preview.html }}
							/>
						) : (
							<p className="text-sm text-slate-600">{copy.previewEmpty}</p>
						)}
					</div>
				</section>
			) : null}
		</div>
	)
}
