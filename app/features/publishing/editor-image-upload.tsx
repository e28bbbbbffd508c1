import { type ChangeEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { postsCopy } from '#app/content/posts.ts'
import { ConsoleSection } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { acceptedTypes, CopyField } from '#app/features/media/media-page.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { uploadImage } from './editor-images.ts'

const copy = postsCopy.editor.images

type Upload =
	| { state: 'idle' }
	| { state: 'uploading' }
	| { state: 'done'; url: string; markdown: string }
	| { state: 'failed'; message: string }

/** Sets a field of the editor's form as typing would, so the form knows it changed (the unsaved-changes warning). */
function setField(formId: string, name: string, value: string) {
	const form = document.getElementById(formId) as HTMLFormElement | null
	const field = form?.elements.namedItem(name) as HTMLInputElement | null
	if (!field) return
	Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value)
	field.dispatchEvent(new Event('input', { bubbles: true }))
	field.dispatchEvent(new Event('change', { bubbles: true }))
}

/**
 * Uploading an image from the editor (with JavaScript): the stored image's Markdown to paste into the body, and a
 * button that makes it the featured image. Without JavaScript, the Media page does the upload.
 */
export function EditorImageUpload({ formId }: { formId: string }) {
	const { csrfToken } = useConsole()
	const [upload, setUpload] = useState<Upload>({ state: 'idle' })
	const inputId = useId()
	const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
		const file = event.currentTarget.files?.[0]
		if (!file) return
		setUpload({ state: 'uploading' })
		const uploaded = await uploadImage(file, { csrfToken })
		setUpload(
			uploaded.ok
				? { state: 'done', url: uploaded.url, markdown: uploaded.markdown }
				: { state: 'failed', message: uploaded.message },
		)
	}
	return (
		<ConsoleSection heading={copy.heading} intro={copy.intro}>
			<noscript>
				<p className="text-sm text-slate-700">
					{copy.withoutScript}{' '}
					<Link to={consolePaths.media} className="font-semibold text-brand-700 underline">
						{copy.mediaPage}
					</Link>
				</p>
			</noscript>
			<div className="js-only space-y-3">
				<label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
					{copy.upload}
				</label>
				<input
					id={inputId}
					type="file"
					accept={acceptedTypes}
					onChange={onChange}
					disabled={upload.state === 'uploading'}
					className="block text-sm text-slate-800"
				/>
				<div role="status" className="text-sm">
					{upload.state === 'uploading' ? copy.uploading : null}
					{upload.state === 'done' ? copy.uploaded : null}
				</div>
				{upload.state === 'failed' ? (
					<p role="alert" className="text-sm font-medium text-red-700">
						{upload.message}
					</p>
				) : null}
				{upload.state === 'done' ? (
					<div className="space-y-3">
						<CopyField value={upload.markdown} label={copy.markdown} />
						<button
							type="button"
							className={buttonClass('secondary', 'md')}
							onClick={() => setField(formId, 'featuredImage', upload.url)}
						>
							{copy.useFeatured}
						</button>
					</div>
				) : null}
			</div>
		</ConsoleSection>
	)
}
