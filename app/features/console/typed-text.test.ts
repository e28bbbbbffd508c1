import { describe, expect, it } from 'vitest'
import { hasVisibleText, isolated, shownAsTyped } from './typed-text.ts'

describe('text visitors typed, on a console page', () => {
	it('shows control characters and noncharacters as visible marks and keeps the rest as typed', () => {
		expect(shownAsTyped('a\u0007b\u001bc\u007fd\u0085e\ufdd0f\uffff')).toBe('a␇b␛c␡d[U+0085]e[U+FDD0]f[U+FFFF]')
		expect(shownAsTyped('tab\there\nline\r\nend <b>é</b> \u202e')).toBe('tab\there\nline\r\nend <b>é</b> \u202e')
	})

	it('tells names made only of invisible characters from real ones', () => {
		expect(hasVisibleText('\u200b\u200c\u2060\u2066\u2069 \t')).toBe(false)
		expect(hasVisibleText(null)).toBe(false)
		expect(hasVisibleText('\u200bZoë')).toBe(true)
	})

	it('isolates a direction override inside a line of ours', () => {
		expect(isolated('\u202eevil')).toBe('\u2068\u202eevil\u2069')
	})
})
