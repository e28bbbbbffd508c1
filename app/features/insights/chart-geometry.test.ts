import { describe, expect, it } from 'vitest'
import {
	countScale,
	dayAfterKey,
	dayAt,
	dayBands,
	dayTicks,
	dotPath,
	funnelBars,
	largest,
	linePath,
	longDay,
	PLOT,
	shortDay,
	stackedBars,
} from './chart-geometry.ts'
import { periodDays, periodEnding } from './dashboard.ts'

describe('chart geometry', () => {
	it('scales counts from zero at the bottom to a round maximum at the top, with whole-number ticks', () => {
		const { y, ticks } = countScale(87)
		expect([y(0), y(100)]).toEqual([PLOT.height, 0])
		expect(ticks.map((tick) => ({ ...tick, at: Math.round(tick.at * 1000) / 1000 }))).toEqual([
			{ label: '0', at: 100 },
			{ label: '20', at: 80 },
			{ label: '40', at: 60 },
			{ label: '60', at: 40 },
			{ label: '80', at: 20 },
			{ label: '100', at: 0 },
		])
		// Nothing counted still draws an axis, and never a tick between whole visitors.
		expect(countScale(0).ticks.map((tick) => tick.label)).toEqual(['0', '1'])
		expect(countScale(2).ticks.map((tick) => tick.label)).toEqual(['0', '1', '2'])
		expect(countScale(12_400).ticks.at(-1)?.label).toBe('15,000')
	})

	it('gives every day an equal band and finds the day under the pointer or after a key', () => {
		const bands = dayBands(4)
		expect([0, 1, 2, 3].map(bands.center)).toEqual([125, 375, 625, 875])
		expect(bands.width).toBeCloseTo(200)
		expect(bands.x(0)).toBeCloseTo(25)
		expect([0, 0.24, 0.26, 0.99, 1, -0.5, 2].map((fraction) => dayAt(fraction, 4))).toEqual([0, 0, 1, 3, 3, 0, 3])
		expect(dayAfterKey('ArrowLeft', null, 30)).toBe(28)
		expect(dayAfterKey('ArrowRight', 29, 30)).toBe(29)
		expect(dayAfterKey('ArrowLeft', 0, 30)).toBe(0)
		expect([dayAfterKey('Home', 12, 30), dayAfterKey('End', 3, 30), dayAfterKey('Enter', 3, 30)]).toEqual([0, 29, null])
	})

	it('names at most six days on the axis, the first and the last among them', () => {
		const month = periodDays(periodEnding('2026-05-30', 30))
		const ticks = dayTicks(month)
		expect(ticks.map((tick) => tick.label)).toEqual(['May 1', 'May 7', 'May 13', 'May 19', 'May 25', 'May 30'])
		expect(ticks[0]?.at).toBeCloseTo(100 / 60)
		expect(ticks.at(-1)?.at).toBeCloseTo(100 - 100 / 60)
		expect(dayTicks(['2026-01-01']).map((tick) => [tick.label, tick.at])).toEqual([['Jan 1', 50]])
		expect(dayTicks(periodDays(periodEnding('2026-03-01', 90))).length).toBeLessThanOrEqual(6)
		expect(dayTicks(periodDays(periodEnding('2026-12-31', 7))).map((tick) => tick.label)).toEqual([
			'Dec 25',
			'Dec 27',
			'Dec 29',
			'Dec 31',
		])
	})

	it('draws a line and dots through each day’s centre', () => {
		const { y } = countScale(10)
		expect(linePath([0, 10], y)).toBe('M250,400L750,0')
		expect(dotPath([0, 5], y)).toBe('M250,400h0M750,200h0')
		expect(linePath([], y)).toBe('')
	})

	it('stacks the forms of each day from the bottom, leaving out the empty parts', () => {
		const { y } = countScale(10)
		const bars = stackedBars(
			[
				{ beta: 2, contact: 0, newsletter: 3 },
				{ beta: 0, contact: 0, newsletter: 0 },
			],
			['beta', 'contact', 'newsletter'] as const,
			y,
		)
		expect(bars.map(({ key, index, y: top, height }) => ({ key, index, top, height }))).toEqual([
			{ key: 'beta', index: 0, top: 320, height: 80 },
			{ key: 'newsletter', index: 0, top: 200, height: 120 },
		])
		expect(bars[0]?.x).toBeCloseTo(50)
		expect(bars[0]?.width).toBeCloseTo(400)
		expect(largest([1, 7], [], [3])).toBe(7)
		expect(largest()).toBe(0)
	})

	it('measures each funnel step against the first', () => {
		expect(
			funnelBars([
				{ label: 'page view', visitors: 40 },
				{ label: 'dialog opened', visitors: 10 },
				{ label: 'application submitted', visitors: 1 },
			]).map(({ share, length }) => [share, length]),
		).toEqual([
			[1, 1],
			[0.25, 0.25],
			[0.025, 0.025],
		])
		expect(funnelBars([{ label: 'page view', visitors: 0 }])).toEqual([
			{ label: 'page view', visitors: 0, share: null, length: 0 },
		])
	})

	it('names days as the console writes them, in UTC', () => {
		expect([shortDay('2026-05-03'), longDay('2026-05-03'), longDay('2026-12-31')]).toEqual([
			'May 3',
			'May 3, 2026',
			'Dec 31, 2026',
		])
	})
})
