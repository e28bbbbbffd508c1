import { describe, expect, it } from 'vitest'
import { formatWholeNumber } from './number-format.ts'

describe('formatWholeNumber', () => {
	it('groups thousands the way en-US does', () => {
		for (const value of [0, 7, 960, 1000, 12400, 1548, 999999, 1234567, -4200]) {
			expect(formatWholeNumber(value)).toBe(value.toLocaleString('en-US'))
		}
	})

	it('rounds to a whole number', () => {
		expect(formatWholeNumber(1548.6)).toBe('1,549')
	})
})
