import { describe, expect, it } from 'vitest'
import { insightsCopy } from '#app/content/insights.ts'
import { formatChange, formatRate, formatRateChange } from './figures-format.ts'

describe('figures on the insights page', () => {
	it('writes shares as percentages with at most one decimal, and a dash when nothing was counted', () => {
		expect([0, 0.125, 1 / 3, 1, 0.0004].map(formatRate)).toEqual(['0%', '12.5%', '33.3%', '100%', '0%'])
		expect(formatRate(null)).toBe(insightsCopy.notCounted)
	})

	it('says how a count moved since the previous period', () => {
		expect(formatChange(125, 100)).toBe('+25%')
		expect(formatChange(90, 100)).toBe('\u221210%')
		expect(formatChange(0, 4)).toBe('\u2212100%')
		expect(formatChange(25_000, 10)).toBe('+249,900%')
		expect(formatChange(7, 0)).toBe(insightsCopy.totals.newFigure)
		expect(formatChange(0, 0)).toBe(insightsCopy.totals.noChange)
		expect(formatChange(1001, 1000)).toBe(insightsCopy.totals.noChange)
	})

	it('says how a share moved in percentage points', () => {
		expect(formatRateChange(0.05, 0.035)).toBe('+1.5 pts')
		expect(formatRateChange(0.1, 0.2)).toBe('\u221210 pts')
		expect(formatRateChange(0.1, 0.1)).toBe(insightsCopy.totals.noChange)
		expect(formatRateChange(null, 0.1)).toBe(insightsCopy.notCounted)
		expect(formatRateChange(0.1, null)).toBe(insightsCopy.notCounted)
	})
})
