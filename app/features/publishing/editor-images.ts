import { mediaCopy } from '#app/content/media.ts'
import { postsCopy } from '#app/content/posts.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ALT_FIELD, markdownImage, UPLOAD_FIELD } from '#app/features/media/paths.ts'
import { CSRF_HEADER } from '#app/forms/csrf.ts'

const copy = postsCopy.editor.images

/** Text put into the body from outside the keyboard (an image being uploaded), in the editor or the plain textarea. */
export type BodyText = {
	/** Replaces the selection with `text` and leaves the cursor after it. */
	insert: (text: string) => void
	/** Replaces the first `search` with `replacement`, selecting `selected` within it when given; false when gone. */
	replace: (search: string, replacement: string, selected?: string) => boolean
}

/** The image files a drop, a paste or a file field carries, if any. */
export const imageFilesOf = (transfer: { files: FileList | null } | null) =>
	[...(transfer?.files ?? [])].filter((file) => file.type.startsWith('image/'))

export type UploadedImage =
	| { ok: true; url: string; alt: string | null; markdown: string }
	| { ok: false; message: string }

/** Uploads one image to the media library (JSON answer), with a description to keep with it when given. */
export async function uploadImage(file: File, options: { csrfToken: string; alt?: string }): Promise<UploadedImage> {
	const body = new FormData()
	body.set(UPLOAD_FIELD, file)
	if (options.alt) body.set(ALT_FIELD, options.alt)
	try {
		const response = await fetch(consolePaths.mediaUpload, {
			method: 'POST',
			headers: { [CSRF_HEADER]: options.csrfToken, accept: 'application/json' },
			body,
		})
		const answer = (await response.json()) as { url?: string; alt?: string | null; markdown?: string; message?: string }
		if (response.ok && answer.url && answer.markdown)
			return { ok: true, url: answer.url, alt: answer.alt ?? null, markdown: answer.markdown }
		return { ok: false, message: answer.message ?? copy.failed }
	} catch {
		return { ok: false, message: copy.failed }
	}
}

/** The plain textarea as a target for inserted text, telling the form as typing would. */
export function textareaBodyText(textarea: HTMLTextAreaElement): BodyText {
	const changed = () => textarea.dispatchEvent(new Event('input', { bubbles: true }))
	return {
		insert: (text) => {
			textarea.setRangeText(text, textarea.selectionStart, textarea.selectionEnd, 'end')
			changed()
			textarea.focus()
		},
		replace: (search, replacement, selected) => {
			const from = textarea.value.indexOf(search)
			if (from < 0) return false
			textarea.setRangeText(replacement, from, from + search.length, 'end')
			const within = selected ? replacement.indexOf(selected) : -1
			if (within >= 0) textarea.setSelectionRange(from + within, from + within + (selected?.length ?? 0))
			changed()
			return true
		},
	}
}

/** Numbers each placeholder: two pasted images are both called image.png, and each must find its own. */
let placeholders = 0

/**
 * Puts images in the body where the cursor is: a placeholder at once, replaced by the image's Markdown once it is
 * stored. Without a description (typed, or kept from an earlier upload) the placeholder text is selected to type over.
 */
export async function insertImages(
	files: File[],
	target: BodyText,
	options: { csrfToken: string; alt: string; announce: (message: string, failed: boolean) => void },
) {
	for (const file of files) {
		placeholders += 1
		const name = file.name.replace(/[[\]\\\s]+/g, ' ').trim()
		const placeholder = `![${copy.uploadingNamed(name, placeholders)}]()`
		target.insert(placeholder)
		options.announce(copy.uploading, false)
		const uploaded = await uploadImage(file, { csrfToken: options.csrfToken, alt: options.alt })
		if (!uploaded.ok) {
			target.replace(placeholder, '')
			options.announce(uploaded.message, true)
			continue
		}
		const alt = options.alt || uploaded.alt || mediaCopy.altPlaceholder
		const described = alt !== mediaCopy.altPlaceholder
		target.replace(placeholder, markdownImage(uploaded.url, alt), described ? undefined : alt)
		options.announce(described ? copy.inserted : copy.insertedDescribe, false)
	}
}
