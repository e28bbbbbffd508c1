import type { RoutePath } from '#app/content/page-paths.ts'

/** The five formats taken, by sharp's names, with the type and extension they are served under. */
export const imageFormats = {
	jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
	png: { contentType: 'image/png', extension: 'png' },
	webp: { contentType: 'image/webp', extension: 'webp' },
	avif: { contentType: 'image/avif', extension: 'avif' },
	gif: { contentType: 'image/gif', extension: 'gif' },
} as const

export type ImageFormat = keyof typeof imageFormats

/** The upload form's file field. */
export const UPLOAD_FIELD = 'image'

const MEDIA_PATH = '/media/:file' satisfies RoutePath

/** Where a stored file (`<sha256>.<extension>`) is served. */
export const mediaPath = (file: string) => MEDIA_PATH.replace(':file', file)

/** A file name under /media: the SHA-256 of its bytes in lower-case hex, and the extension of its type. */
export const MEDIA_FILE = /^([0-9a-f]{64})\.(jpg|png|webp|avif|gif)$/

/** A stored file's name: the hash of its bytes and the extension of its type. */
export function mediaFileName(sha256: string, contentType: string) {
	const format = Object.values(imageFormats).find((candidate) => candidate.contentType === contentType)
	return `${sha256}.${format?.extension ?? 'bin'}`
}

/** The upload form's optional alternative text field. */
export const ALT_FIELD = 'alt'

/** Markdown that shows an image: the text alternative kept on one line, with the characters that would end it escaped. */
export function markdownImage(url: string, alt: string) {
	const text = alt
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/[\\[\]]/g, (character) => `\\${character}`)
	return `![${text}](${url})`
}
