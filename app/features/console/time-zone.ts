import { timeCopy } from '#app/content/console.ts'

/** The browser's time zone, as the console's script last saw it; used when the operator chose none. */
export const BROWSER_TIME_ZONE_COOKIE = 'console_tz'
export const DEFAULT_TIME_ZONE = 'UTC'

/** Whether the runtime knows `zone` as an IANA time zone name. */
export function isTimeZone(zone: string) {
	if (!zone || zone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en', { timeZone: zone })
		return true
	} catch {
		return false
	}
}

/** YYYY-MM-DDTHH:mm as a datetime-local field sends it (seconds allowed). */
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/

/**
 * A datetime-local value's reading as if it were UTC, or null when empty or not a real moment of the years 1970 to
 * 9999; `momentOfWallTime` places it in a time zone.
 */
export function readDatetimeLocal(value: string): Date | null {
	if (!LOCAL_DATETIME.test(value)) return null
	const full = value.length === 16 ? `${value}:00` : value
	const date = new Date(`${full}Z`)
	// A day that does not exist (February 30) would roll over into another: not the moment asked for.
	if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== full) return null
	return date.getUTCFullYear() >= 1970 ? date : null
}

const wallFormats = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock reading of `date` in `zone`, as a datetime-local field holds it: YYYY-MM-DDTHH:mm:ss. */
export function wallTime(date: Date, zone: string) {
	let format = wallFormats.get(zone)
	if (!format) {
		format = new Intl.DateTimeFormat('en-CA', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
		wallFormats.set(zone, format)
	}
	const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]))
	return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`
}

/** How far `zone`'s clock is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, zone: string) {
	return new Date(`${wallTime(date, zone)}Z`).getTime() - Math.floor(date.getTime() / 1000) * 1000
}

/**
 * The moment a wall-clock reading in `zone` names (the reading given as if it were UTC). A reading in the hour a clock
 * skips names the moment an hour later; one in the hour it repeats, the later of the two.
 */
export function momentOfWallTime(utcReading: Date, zone: string) {
	const guess = utcReading.getTime()
	const first = guess - offsetAt(utcReading, zone)
	return new Date(guess - offsetAt(new Date(first), zone))
}

const listFormats = new Map<string, Intl.DateTimeFormat>()
const exactFormats = new Map<string, Intl.DateTimeFormat>()

function formatOf(cache: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) {
	let format = cache.get(zone)
	if (!format) {
		format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone })
		cache.set(zone, format)
	}
	return format
}

/** A moment as lists show it in the operator's time zone: "28 Nov 2026, 09:15". */
export function listMoment(date: Date, zone: string) {
	return formatOf(listFormats, zone, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** A moment to the second, with its zone and, elsewhere than UTC, the UTC reading too. */
export function exactMoment(date: Date, zone: string) {
	const local = formatOf(exactFormats, zone, { dateStyle: 'full', timeStyle: 'long' }).format(date)
	return zone === DEFAULT_TIME_ZONE ? local : `${local} (${utcMoment(date)})`
}

/** A moment in UTC to the minute: "2026-11-28 08:15 UTC". */
export const utcMoment = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const units: [Intl.RelativeTimeFormatUnit, number][] = [
	['year', 365 * 24 * 3600],
	['month', 30 * 24 * 3600],
	['week', 7 * 24 * 3600],
	['day', 24 * 3600],
	['hour', 3600],
	['minute', 60],
]

/** How long before or after `now` a moment is, in the largest whole unit: "5 minutes ago", "in 2 days", "just now". */
export function relativeMoment(date: Date, now: Date) {
	const seconds = (date.getTime() - now.getTime()) / 1000
	if (Math.abs(seconds) < 60) return timeCopy.justNow
	for (const [unit, size] of units) {
		const count = Math.trunc(seconds / size)
		if (count !== 0) return relative.format(count, unit)
	}
	return timeCopy.justNow
}

/** The time zones an operator can pick from: the runtime's, UTC, and the one in use (its name may be an alias). */
export const timeZoneChoices = (inUse: string | null) =>
	[...new Set([...Intl.supportedValuesOf('timeZone'), DEFAULT_TIME_ZONE, ...(inUse ? [inUse] : [])])].sort()
