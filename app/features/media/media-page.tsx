import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import {
	ConfirmedChange,
	ConsoleSection,
	CsrfField,
	RowActionButton,
	useResultToast,
} from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { FormStatus } from '#app/forms/form.tsx'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { buttonClass } from '#app/ui/button.ts'
import { imageFormats, UPLOAD_FIELD } from './paths.ts'

/** An image the page lists, with its address and Markdown ready to copy. */
export type MediaRow = {
	id: number
	url: string
	markdown: string
	thumbnail: string
	name: string | null
	/** The stored text alternative, if any. */
	alt: string | null
	contentType: string
	width: number
	height: number
	byteSize: number
	uploadedBy: string | null
	createdAt: string
}

/** The upload's answer: the image's address and Markdown once it is stored. */
export type UploadResult = SubmissionResult & { image?: Pick<MediaRow, 'url' | 'markdown'> }

export const acceptedTypes = Object.values(imageFormats)
	.map((format) => format.contentType)
	.join(',')

/** A read-only field whose whole text is selected on focus, ready to copy. */
export function CopyField({ value, label }: { value: string; label: string }) {
	return (
		<input
			type="text"
			readOnly
			value={value}
			aria-label={label}
			onFocus={(event) => event.currentTarget.select()}
			className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-xs text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
		/>
	)
}

/** The address and Markdown of the image an upload stored, ready to copy. */
export function UploadedImage({ image }: { image: Pick<MediaRow, 'url' | 'markdown'> }) {
	return (
		<div className="mt-3 space-y-2">
			<CopyField value={image.url} label={mediaCopy.uploadedAddress} />
			<CopyField value={image.markdown} label={mediaCopy.uploadedMarkdown} />
		</div>
	)
}

function UploadForm({ answered }: { answered?: UploadResult }) {
	const { csrfToken } = useConsole()
	const fetcher = useFetcher<UploadResult>()
	const form = useRef<HTMLFormElement>(null)
	// A file too large is refused before it is sent; the server refuses it too, for a page without JavaScript.
	const [tooLarge, setTooLarge] = useState<UploadResult>()
	const result = tooLarge ?? fetcher.data ?? answered
	useResultToast(tooLarge ?? fetcher.data)
	useEffect(() => {
		if (fetcher.data?.ok) form.current?.reset()
	}, [fetcher.data])
	const submitting = fetcher.state !== 'idle'

	function checkSize(event: FormEvent<HTMLFormElement>) {
		const file = new FormData(event.currentTarget).get(UPLOAD_FIELD)
		if (file instanceof File && file.size > mediaLimits.maxBytes) {
			event.preventDefault()
			setTooLarge({ ok: false, tone: 'error', message: mediaCopy.refused.tooLarge })
			return
		}
		setTooLarge(undefined)
	}

	return (
		<fetcher.Form
			ref={form}
			method="post"
			action={consolePaths.media}
			encType="multipart/form-data"
			onSubmit={checkSize}
			aria-label={mediaCopy.uploadHeading}
			className="space-y-4"
		>
			<CsrfField token={csrfToken} />
			<FormStatus result={result}>
				{result?.ok && result.image ? <UploadedImage image={result.image} /> : null}
			</FormStatus>
			<div>
				<label htmlFor="media-file" className="block text-sm font-medium text-slate-900">
					{mediaCopy.file}
				</label>
				<input
					id="media-file"
					type="file"
					name={UPLOAD_FIELD}
					accept={acceptedTypes}
					required
					className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
				/>
			</div>
			<button type="submit" className={buttonClass('primary', 'md')} disabled={submitting}>
				{submitting ? mediaCopy.uploading : mediaCopy.upload}
			</button>
		</fetcher.Form>
	)
}

const describeAction = `${consolePaths.media}?intent=describe`
const deleteAction = `${consolePaths.media}?intent=delete`

/** An image's text alternative, saved from its row: a toast with JavaScript, the page's notice without. */
function DescribeImageForm({ image, name }: { image: MediaRow; name: string }) {
	const { csrfToken } = useConsole()
	const fetcher = useFetcher<SubmissionResult>()
	useResultToast(fetcher.data)
	return (
		<fetcher.Form method="post" action={describeAction} className="flex flex-wrap items-end gap-2">
			<CsrfField token={csrfToken} />
			<input type="hidden" name="id" value={String(image.id)} />
			<input
				type="text"
				name="alt"
				defaultValue={image.alt ?? ''}
				maxLength={mediaLimits.alt}
				aria-label={mediaCopy.altFor(name)}
				className="block min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
			/>
			<button
				type="submit"
				className={buttonClass('secondary', 'md')}
				aria-label={mediaCopy.saveAltFor(name)}
				disabled={fetcher.state !== 'idle'}
			>
				{mediaCopy.saveAlt}
			</button>
		</fetcher.Form>
	)
}

/** Looks through the images' names and text alternatives; a plain GET, so it works without JavaScript. */
function MediaSearch({ words }: { words: string }) {
	return (
		<search className="mt-8">
			<form method="get" action={consolePaths.media} className="flex flex-wrap items-end gap-3">
				<div className="min-w-0 flex-1">
					<label htmlFor="media-search" className="block text-sm font-medium text-slate-800">
						{mediaCopy.searchLabel}
					</label>
					<input
						id="media-search"
						type="search"
						name="q"
						defaultValue={words}
						maxLength={mediaLimits.alt}
						className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
					/>
				</div>
				<button type="submit" className={buttonClass('secondary', 'md')}>
					{mediaCopy.searchSubmit}
				</button>
				{words ? (
					<Link to={consolePaths.media} className="text-sm font-semibold text-brand-700 underline">
						{mediaCopy.clearSearch}
					</Link>
				) : null}
			</form>
		</search>
	)
}

export function MediaPage({
	images,
	words,
	olderHref,
	newestHref,
	answered,
}: {
	images: MediaRow[]
	/** The search's words, empty when the page lists every image. */
	words: string
	olderHref: string | null
	newestHref: string | null
	/** The answer a page rendered without JavaScript got from its own upload. */
	answered?: UploadResult
}) {
	const { csrfToken } = useConsole()
	return (
		<>
			<ConsolePageHeader heading={mediaCopy.heading} intro={mediaCopy.intro} />
			<ConsoleSection heading={mediaCopy.uploadHeading} intro={mediaCopy.uploadIntro}>
				<UploadForm answered={answered} />
			</ConsoleSection>
			<MediaSearch words={words} />
			{images.length === 0 ? (
				<p className="mt-8 text-slate-600">{words ? mediaCopy.noMatches(shownAsTyped(words)) : mediaCopy.none}</p>
			) : (
				<ConsoleTable
					caption={mediaCopy.heading}
					columns={Object.values(mediaCopy.columns)}
					minWidth="sm:min-w-[72rem]"
					className="mt-8"
				>
					{images.map((image) => {
						const name = image.name ? shownAsTyped(image.name) : mediaCopy.unnamed
						return (
							<tr key={image.id}>
								<td className="px-4 py-3 align-top">
									<img
										src={image.thumbnail}
										alt=""
										width={96}
										height={Math.max(1, Math.round((96 * image.height) / image.width))}
										loading="lazy"
										decoding="async"
										className="max-h-24 w-24 rounded border border-slate-200 bg-slate-100 object-contain"
									/>
								</td>
								<th scope="row" className="px-4 py-3 align-top font-normal wrap-anywhere text-slate-900">
									<span className="font-medium">{name}</span>
									<span className="block text-xs text-slate-600">
										{mediaCopy.dimensions(image.width, image.height)} · {mediaCopy.size(image.byteSize)} ·{' '}
										{image.contentType}
									</span>
								</th>
								<td className="min-w-80 space-y-2 px-4 py-3 align-top">
									<CopyField value={image.url} label={mediaCopy.address(name)} />
									<CopyField value={image.markdown} label={mediaCopy.markdown(name)} />
								</td>
								<td className="min-w-64 px-4 py-3 align-top">
									<DescribeImageForm image={image} name={name} />
								</td>
								<td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
									<Moment value={image.createdAt} />
									{image.uploadedBy ? (
										<span className="block text-xs text-slate-600">{mediaCopy.by(image.uploadedBy)}</span>
									) : null}
									<div className="mt-2">
										<ConfirmedChange summary={mediaCopy.delete} question={mediaCopy.deleteQuestion(name)}>
											<RowActionButton
												action={deleteAction}
												csrfToken={csrfToken}
												fields={{ id: String(image.id) }}
												label={mediaCopy.delete}
												accessibleLabel={mediaCopy.deleteFor(name)}
												tone="danger"
											/>
										</ConfirmedChange>
									</div>
								</td>
							</tr>
						)
					})}
				</ConsoleTable>
			)}
			<ConsolePageLinks newestHref={newestHref} olderHref={olderHref} labels={mediaCopy} />
		</>
	)
}
