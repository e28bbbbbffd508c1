import { describe, expect, it } from 'vitest'
import {
	exactMoment,
	isTimeZone,
	listMoment,
	momentOfWallTime,
	readDatetimeLocal,
	relativeMoment,
	wallTime,
} from './time-zone.ts'

const reading = (value: string) => {
	const date = readDatetimeLocal(value)
	if (!date) throw new Error(`not a reading: ${value}`)
	return date
}

describe('the console’s time zones', () => {
	it('knows IANA names and refuses anything else', () => {
		expect(isTimeZone('Europe/Berlin')).toBe(true)
		expect(isTimeZone('UTC')).toBe(true)
		expect(isTimeZone('Mars/Olympus')).toBe(false)
		expect(isTimeZone('')).toBe(false)
		expect(isTimeZone('x'.repeat(65))).toBe(false)
	})

	it('reads a typed date in the operator’s zone and writes a moment back the same way', () => {
		const winter = momentOfWallTime(reading('2026-01-15T09:30'), 'Europe/Berlin')
		expect(winter.toISOString()).toBe('2026-01-15T08:30:00.000Z')
		const summer = momentOfWallTime(reading('2026-07-15T09:30:15'), 'America/New_York')
		expect(summer.toISOString()).toBe('2026-07-15T13:30:15.000Z')
		expect(wallTime(summer, 'America/New_York')).toBe('2026-07-15T09:30:15')
		expect(momentOfWallTime(reading('2026-07-15T09:30'), 'UTC').toISOString()).toBe('2026-07-15T09:30:00.000Z')
		expect(momentOfWallTime(reading('2026-07-15T09:30'), 'Asia/Kolkata').toISOString()).toBe('2026-07-15T04:00:00.000Z')
	})

	it('places a reading in the hour a clock skips an hour later, and one in the hour it repeats at the later', () => {
		// Berlin's clocks went from 02:00 to 03:00 on 29 March 2026 and from 03:00 back to 02:00 on 25 October.
		expect(momentOfWallTime(reading('2026-03-29T02:30'), 'Europe/Berlin').toISOString()).toBe(
			'2026-03-29T01:30:00.000Z',
		)
		expect(momentOfWallTime(reading('2026-10-25T02:30'), 'Europe/Berlin').toISOString()).toBe(
			'2026-10-25T01:30:00.000Z',
		)
	})

	it('refuses readings that are not a real moment', () => {
		expect(readDatetimeLocal('2026-02-30T10:00')).toBeNull()
		expect(readDatetimeLocal('1969-12-31T23:59')).toBeNull()
		expect(readDatetimeLocal('2026-02-03 10:00')).toBeNull()
		expect(readDatetimeLocal('')).toBeNull()
	})

	it('shows a moment in the zone, to the second with the UTC reading on demand', () => {
		const moment = new Date('2026-11-28T08:15:42Z')
		expect(listMoment(moment, 'Europe/Berlin')).toBe('28 Nov 2026, 09:15')
		expect(listMoment(moment, 'UTC')).toBe('28 Nov 2026, 08:15')
		expect(exactMoment(moment, 'Europe/Berlin')).toMatch(/28 November 2026.*09:15:42.*\(2026-11-28 08:15 UTC\)$/)
		expect(exactMoment(moment, 'UTC')).not.toContain('(')
	})

	it('says how long ago or ahead a moment is, in the largest whole unit', () => {
		const now = new Date('2026-11-28T12:00:00Z')
		const at = (seconds: number) => relativeMoment(new Date(now.getTime() + seconds * 1000), now)
		expect(at(-20)).toBe('just now')
		expect(at(-5 * 60)).toBe('5 minutes ago')
		expect(at(-3 * 3600 - 50)).toBe('3 hours ago')
		expect(at(-26 * 3600)).toBe('yesterday')
		expect(at(2 * 24 * 3600)).toBe('in 2 days')
		expect(at(-40 * 24 * 3600)).toBe('last month')
	})
})
