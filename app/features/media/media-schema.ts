import * as z from 'zod/mini'
import { mediaLimits } from '#app/content/media.ts'
import { rowId } from '#app/features/auth/schemas.ts'
import { optionalText } from '#app/forms/schema.ts'

/** An image's stored text alternative, as the media page's row form sends it. */
export const describeImageSchema = z.object({ id: rowId, alt: optionalText(mediaLimits.alt) })

/** Deleting one image; the page asked first. */
export const deleteImageSchema = z.object({ id: rowId })
