/** Copy and limits of uploaded images (the console's media page, the upload endpoint, the public /media files). */

import { formatWholeNumber } from './number-format.ts'

export const mediaLimits = {
	/** The largest file taken, in bytes. */
	maxBytes: 10 * 1024 * 1024,
	/** Decoded size: a small file that unpacks to more pixels than this (a decompression bomb) is refused. */
	maxPixels: 40_000_000,
	/** The longest side; WebP cannot hold more. */
	maxSide: 16_383,
	/** Widths of the resized WebP and AVIF copies; none is wider than the image itself. */
	widths: [480, 960, 1440],
	/** The one copy made before an upload is answered (a post's column width); the others follow in the background. */
	firstWidth: 960,
	/** The share image (Open Graph) every image gets, cropped to fill. */
	share: { width: 1200, height: 630 },
	pageSize: 50,
	/** The longest alternative text kept with an image. */
	alt: 250,
} as const

const megabytes = mediaLimits.maxBytes / (1024 * 1024)
const megapixels = mediaLimits.maxPixels / 1_000_000
const grouped = formatWholeNumber

export const mediaCopy = {
	title: 'Media',
	heading: 'Media',
	intro:
		'Images for posts. Each is served from the database under an address that never changes, resized for every screen, with its location and camera data removed.',
	uploadHeading: 'Upload an image',
	uploadIntro: `JPEG, PNG, WebP, AVIF or GIF, at most ${megabytes} MB and ${megapixels} megapixels. An animated image keeps its first frame.`,
	file: 'Image file',
	upload: 'Upload',
	uploading: 'Uploading…',
	columns: {
		image: 'Image',
		details: 'Details',
		address: 'Address and Markdown',
		alt: 'Text alternative',
		uploaded: 'Uploaded',
	},
	none: 'No images yet. Upload the first one above.',
	address: (name: string) => `Address of ${name}`,
	markdown: (name: string) => `Markdown for ${name}`,
	uploadedAddress: 'Address of the uploaded image',
	uploadedMarkdown: 'Markdown for the uploaded image',
	unnamed: 'Unnamed image',
	dimensions: (width: number, height: number) => `${grouped(width)} × ${grouped(height)} px`,
	size: (bytes: number) =>
		bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
	by: (name: string) => `by ${name}`,
	older: 'Older images',
	newest: 'Newest images',
	/** Written into the Markdown snippet: the operator replaces it with a description of the image. */
	altPlaceholder: 'Describe the image',
	search: 'Search images',
	searchLabel: 'Name or text alternative',
	searchSubmit: 'Search',
	clearSearch: 'Show all images',
	noMatches: (words: string) => `No image’s name or text alternative holds “${words}”.`,
	alt: 'Text alternative',
	altFor: (name: string) => `Text alternative of ${name}`,
	saveAlt: 'Save',
	saveAltFor: (name: string) => `Save the text alternative of ${name}`,
	altSaved: 'Text alternative saved. It is offered whenever the image is put in a post.',
	delete: 'Delete',
	deleteQuestion: (name: string) =>
		`Delete ${name} and its copies? Its address then answers 404. An image a post uses cannot be deleted.`,
	deleteFor: (name: string) => `Delete ${name}`,
	deleted: 'Image deleted.',
	inUse: (titles: string[]) =>
		`This image is used by ${titles.length === 1 ? 'the post' : `${titles.length} posts:`} ${titles
			.slice(0, 3)
			.map((title) => `“${title}”`)
			.join(', ')}${titles.length > 3 ? '…' : ''}. Take it out of ${titles.length === 1 ? 'that post' : 'them'} first.`,
	gone: 'That image no longer exists.',
	uploaded: 'Image uploaded. Its address and Markdown are below.',
	alreadyThere: 'This image was already uploaded; here it is.',
	refused: {
		missing: 'Choose an image file to upload.',
		tooLarge: `This file is larger than ${megabytes} MB. Make it smaller (or export it at a lower quality) and upload it again.`,
		notImage:
			'This file is not a JPEG, PNG, WebP, AVIF or GIF image. Images are recognised by their content, not their name; SVG, PDF and other files are not taken.',
		tooManyPixels: (width: number, height: number) =>
			`This image is ${grouped(width)} × ${grouped(height)} pixels once opened; images may have at most ${megapixels} megapixels and ${grouped(mediaLimits.maxSide)} pixels a side. Resize it and upload it again.`,
		unreadable: 'This image could not be read: the file looks damaged or incomplete. Export it again and upload it.',
		unreadableForm: 'The upload could not be read. Try again.',
	},
} as const
