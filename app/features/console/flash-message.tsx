import type { ConsoleFlash } from '#app/features/auth/flash.ts'
import { UploadedImage } from '#app/features/media/media-page.tsx'
import { FormStatus } from '#app/forms/form.tsx'
import { ShownOnceLink } from './console-forms.tsx'

/** What the post without JavaScript that led to this page did: its message, or the link it shows once. */
export function FlashMessage({ flash }: { flash: ConsoleFlash }) {
	if (flash.shownOnce) return <ShownOnceLink message={flash.message} link={flash.shownOnce} />
	const { image, ...result } = flash
	return (
		<div className="mb-6">
			<FormStatus result={{ ok: flash.tone !== 'error', ...result }}>
				{image ? <UploadedImage image={image} /> : null}
			</FormStatus>
		</div>
	)
}
