import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { mediaCopy, mediaLimits } from '#app/content/media.ts'
import { ConsoleSection, CsrfField, useResultToast } from '#app/features/console/console-forms.tsx'
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
				{result?.ok && result.image ? (
					<div className="mt-3 space-y-2">
						<CopyField value={result.image.url} label={mediaCopy.uploadedAddress} />
						<CopyField value={result.image.markdown} label={mediaCopy.uploadedMarkdown} />
					</div>
				) : null}
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

export function MediaPage({
	images,
	olderHref,
	newestHref,
	answered,
}: {
	images: MediaRow[]
	olderHref: string | null
	newestHref: string | null
	/** The answer a page rendered without JavaScript got from its own upload. */
	answered?: UploadResult
}) {
	return (
		<>
			<ConsolePageHeader heading={mediaCopy.heading} intro={mediaCopy.intro} />
			<ConsoleSection heading={mediaCopy.uploadHeading} intro={mediaCopy.uploadIntro}>
				<UploadForm answered={answered} />
			</ConsoleSection>
			{images.length === 0 ? (
				<p className="mt-8 text-slate-600">{mediaCopy.none}</p>
			) : (
				<ConsoleTable
					caption={mediaCopy.heading}
					columns={Object.values(mediaCopy.columns)}
					minWidth="sm:min-w-[56rem]"
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
								<td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
									<Moment value={image.createdAt} />
									{image.uploadedBy ? (
										<span className="block text-xs text-slate-600">{mediaCopy.by(image.uploadedBy)}</span>
									) : null}
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
