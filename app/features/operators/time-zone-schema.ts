import * as z from 'zod/mini'
import { timeCopy } from '#app/content/console.ts'
import { isTimeZone } from '#app/features/console/time-zone.ts'

/** An operator's time zone: an IANA name the runtime knows, or empty for the browser's. */
export const timeZoneSchema = z.object({
	timeZone: z.string().check(
		z.maxLength(64),
		z.refine((zone) => zone === '' || isTimeZone(zone), timeCopy.invalid),
	),
})
