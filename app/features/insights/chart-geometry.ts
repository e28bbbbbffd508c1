import { scaleBand, scaleLinear } from 'd3-scale'
import { line, stack } from 'd3-shape'
import { insightsCopy } from '#app/content/insights.ts'
import { formatWholeNumber } from '#app/content/number-format.ts'

/** The plot's own units; the SVG stretches them to the width it is given, its strokes keep their width. */
export const PLOT = { width: 1000, height: 400 } as const

/** An axis label: its text and where it sits along the axis, in percent of the plot (left or top). */
export type AxisTick = { label: string; at: number }

/** The vertical scale of counts from 0 to `max`, with whole-number ticks. */
export function countScale(max: number, tickCount = 4) {
	const y = scaleLinear()
		.domain([0, Math.max(max, 1)])
		.nice(tickCount)
		.range([PLOT.height, 0])
	const ticks: AxisTick[] = y
		.ticks(tickCount)
		.filter(Number.isInteger)
		.map((value) => ({ label: formatWholeNumber(value), at: (y(value) / PLOT.height) * 100 }))
	return { y, ticks }
}

/** One band per day, each exactly 1/days of the width, the bar inside it leaving `gap` of the band free. */
export function dayBands(days: number, gap = 0.2) {
	const band = scaleBand<number>()
		.domain(Array.from({ length: days }, (_, index) => index))
		.range([0, PLOT.width])
		.paddingInner(gap)
		.paddingOuter(gap / 2)
	return {
		x: (index: number) => band(index) ?? 0,
		width: band.bandwidth(),
		center: (index: number) => (band(index) ?? 0) + band.bandwidth() / 2,
	}
}

/** The day under a point of the plot, from its position across it (0 at the left edge, 1 at the right). */
export function dayAt(fraction: number, days: number) {
	return Math.min(days - 1, Math.max(0, Math.floor(fraction * days)))
}

const dayKeys: Record<string, (index: number, days: number) => number> = {
	ArrowRight: (index) => index + 1,
	ArrowUp: (index) => index + 1,
	ArrowLeft: (index) => index - 1,
	ArrowDown: (index) => index - 1,
	Home: () => 0,
	End: (_, days) => days - 1,
}

/** The day a key moves to from `index` (from the last day when none is shown yet); null for other keys. */
export function dayAfterKey(key: string, index: number | null, days: number) {
	const step = dayKeys[key]
	if (!step || days === 0) return null
	return Math.min(days - 1, Math.max(0, step(index ?? days - 1, days)))
}

/** The days the horizontal axis names: at most `most`, evenly spaced, always the first and the last. */
export function dayTicks(days: string[], most = 6): AxisTick[] {
	const { center } = dayBands(days.length)
	const step = Math.max(1, Math.ceil((days.length - 1) / Math.max(1, most - 1)))
	const indexes = days.map((_, index) => index).filter((index) => index % step === 0)
	const last = days.length - 1
	// The last day always shows; the label before it goes when the two would crowd each other.
	if (last > 0 && indexes.at(-1) !== last) {
		if (last - (indexes.at(-1) ?? 0) < step / 2) indexes.pop()
		indexes.push(last)
	}
	return indexes.map((index) => ({ label: shortDay(days[index] ?? ''), at: (center(index) / PLOT.width) * 100 }))
}

/** A line through one value per day, in plot units. */
export function linePath(values: number[], y: (value: number) => number) {
	const { center } = dayBands(values.length)
	return (
		line<number>()
			.x((_, index) => center(index))
			.y((value) => y(value))(values) ?? ''
	)
}

/** A dot per day at each value (a zero-length stroke with round caps, which stays round however the plot stretches). */
export function dotPath(values: number[], y: (value: number) => number) {
	const { center } = dayBands(values.length)
	return values.map((value, index) => `M${center(index)},${y(value)}h0`).join('')
}

export type StackedBar<Key extends string> = {
	key: Key
	index: number
	x: number
	y: number
	width: number
	height: number
}

/** The bars of values stacked per day (in the order of `keys`, the first at the bottom); empty parts are left out. */
export function stackedBars<Key extends string>(
	rows: Record<Key, number>[],
	keys: readonly Key[],
	y: (value: number) => number,
): StackedBar<Key>[] {
	const bands = dayBands(rows.length)
	return stack<Record<Key, number>, Key>()
		.keys(keys)(rows)
		.flatMap((layer) =>
			layer.map(([from, to], index) => ({
				key: layer.key,
				index,
				x: bands.x(index),
				y: y(to),
				width: bands.width,
				height: y(from) - y(to),
			})),
		)
		.filter((bar) => bar.height > 0)
}

/** The largest of the values. */
export const largest = (...lists: number[][]) => Math.max(0, ...lists.flat())

/** Each funnel step's bar length as a share of the first step's (0 to 1), and its share to show. */
export function funnelBars(steps: { label: string; visitors: number }[]) {
	const first = steps[0]?.visitors ?? 0
	return steps.map((step) => ({
		...step,
		share: first > 0 ? step.visitors / first : null,
		length: first > 0 ? Math.min(1, step.visitors / first) : 0,
	}))
}

const dayParts = (day: string) => {
	const [year = '', month = '', date = ''] = day.split('-')
	return { year, month: insightsCopy.months[Number(month) - 1] ?? month, date: String(Number(date)) }
}

/** A day as an axis names it: "May 3". */
export function shortDay(day: string) {
	const { month, date } = dayParts(day)
	return `${month} ${date}`
}

/** A day in a sentence: "May 3, 2026". */
export function longDay(day: string) {
	const { year, month, date } = dayParts(day)
	return `${month} ${date}, ${year}`
}
