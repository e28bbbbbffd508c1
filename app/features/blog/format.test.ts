import { describe, expect, it } from 'vitest'
import { readingMinutes } from './format.ts'

describe('readingMinutes', () => {
	it('is words / 200 rounded up, and none for no words rather than "1 min read"', () => {
		expect(readingMinutes(0)).toBeNull()
		expect(readingMinutes(1)).toBe(1)
		expect(readingMinutes(200)).toBe(1)
		expect(readingMinutes(201)).toBe(2)
		expect(readingMinutes(450)).toBe(3)
	})
})
