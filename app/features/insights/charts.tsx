import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useState } from 'react'
import { insightsCopy } from '#app/content/insights.ts'
import { formatWholeNumber } from '#app/content/number-format.ts'
import { useHydrated } from '#app/ui/use-hydrated.ts'
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
	stackedBars,
} from './chart-geometry.ts'
import type { FunnelStep, InsightsFigures } from './dashboard.ts'
import { formatRate } from './figures-format.ts'

/** Colours of the series: each at least 3:1 against the white background (WCAG 1.4.11). */
const tones = {
	visitors: { stroke: 'stroke-brand-600', swatch: 'bg-brand-600' },
	pageViews: { stroke: 'stroke-amber-700', swatch: 'bg-amber-700' },
	beta: { fill: 'fill-brand-700', swatch: 'bg-brand-700' },
	waitlist: { fill: 'fill-teal-700', swatch: 'bg-teal-700' },
	contact: { fill: 'fill-amber-700', swatch: 'bg-amber-700' },
	newsletter: { fill: 'fill-purple-700', swatch: 'bg-purple-700' },
	previousLeads: { stroke: 'stroke-slate-900', swatch: 'bg-slate-900' },
} as const

const LEAD_FORMS = ['beta', 'waitlist', 'contact', 'newsletter'] as const
const DASH = '6 5'
const DOTS_UP_TO_DAYS = 31

type LegendItem = { label: string; swatch: string; shape: 'line' | 'dashed' | 'box' }

function ChartLegend({ items }: { items: LegendItem[] }) {
	return (
		<ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
			{items.map((item) => (
				<li key={item.label} className="flex items-center gap-2">
					{item.shape === 'dashed' ? (
						<span aria-hidden="true" className="flex w-5 gap-0.5">
							<span className={`h-0.5 w-2 ${item.swatch}`} />
							<span className={`h-0.5 w-2 ${item.swatch}`} />
						</span>
					) : (
						<span aria-hidden="true" className={`${item.shape === 'box' ? 'size-3' : 'h-0.5 w-5'} ${item.swatch}`} />
					)}
					{item.label}
				</li>
			))}
		</ul>
	)
}

/** A chart's figures as a table, behind a disclosure: for screen readers, for copying, and for the exact numbers. */
export function ChartTable({ children }: { children: ReactNode }) {
	return (
		<details className="mt-4">
			<summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">
				{insightsCopy.chart.figures}
			</summary>
			<div className="mt-3">{children}</div>
		</details>
	)
}

/**
 * A chart of one value or more per day. Without JavaScript it is a picture with its axes; with it, hovering or moving
 * through the days with the arrow keys shows the day's exact figures (and says them to a screen reader).
 */
function DayChart({
	title,
	summary,
	days,
	max,
	legend,
	describe,
	children,
}: {
	title: string
	/** What the chart shows, for those who cannot see it. */
	summary: string
	days: string[]
	max: number
	legend: LegendItem[]
	/** The exact figures of one day, line by line. */
	describe: (index: number) => string[]
	/** The plot, drawn with the vertical scale. */
	children: (y: (value: number) => number) => ReactNode
}) {
	const hydrated = useHydrated()
	const titleId = useId()
	const [active, setActive] = useState<number | null>(null)
	const { y, ticks } = countScale(max)
	const { center } = dayBands(days.length)
	const at = active === null ? null : (center(active) / PLOT.width) * 100
	const move = (event: KeyboardEvent) => {
		const next = dayAfterKey(event.key, active, days.length)
		if (next === null) return
		event.preventDefault()
		setActive(next)
	}
	const point = (event: PointerEvent<HTMLDivElement>) => {
		const box = event.currentTarget.getBoundingClientRect()
		if (box.width > 0) setActive(dayAt((event.clientX - box.left) / box.width, days.length))
	}
	return (
		<figure className="mt-4" aria-labelledby={titleId}>
			<figcaption id={titleId} className="font-semibold text-slate-900">
				{title}
			</figcaption>
			<ChartLegend items={legend} />
			<div className="relative mt-3 h-64 pb-6 pl-12">
				{/* biome-ignore lint/a11y/useSemanticElements: a picture the arrow keys move through, not a set of form fields */}
				<div
					role="group"
					aria-label={hydrated ? `${title}. ${insightsCopy.chart.keyboard}` : title}
					tabIndex={hydrated ? 0 : undefined}
					onKeyDown={move}
					onFocus={() => setActive((index) => index ?? days.length - 1)}
					onBlur={() => setActive(null)}
					onPointerMove={point}
					onPointerLeave={() => setActive(null)}
					className="relative h-full rounded-sm focus:outline-2 focus:outline-offset-4 focus:outline-brand-600"
					data-chart-plot=""
				>
					{ticks.map((tick) => (
						<span
							key={tick.label}
							aria-hidden="true"
							className="absolute right-full mr-2 -translate-y-1/2 text-xs text-slate-600 tabular-nums"
							style={{ top: `${tick.at}%` }}
						>
							{tick.label}
						</span>
					))}
					{dayTicks(days).map((tick, index, all) => (
						<span
							key={tick.label}
							aria-hidden="true"
							className={`absolute top-full mt-1 text-xs whitespace-nowrap text-slate-600 ${
								index === 0 && all.length > 1
									? ''
									: index === all.length - 1 && all.length > 1
										? '-translate-x-full'
										: '-translate-x-1/2'
							}`}
							style={{
								left:
									index === 0 && all.length > 1
										? 0
										: index === all.length - 1 && all.length > 1
											? '100%'
											: `${tick.at}%`,
							}}
						>
							{tick.label}
						</span>
					))}
					<svg
						role="img"
						aria-label={summary}
						viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
						preserveAspectRatio="none"
						className="block h-full w-full overflow-visible"
					>
						{ticks.map((tick) => (
							<line
								key={tick.label}
								x1={0}
								x2={PLOT.width}
								y1={(tick.at / 100) * PLOT.height}
								y2={(tick.at / 100) * PLOT.height}
								className="stroke-slate-200"
								vectorEffect="non-scaling-stroke"
							/>
						))}
						{children(y)}
						{active !== null ? (
							<line
								x1={center(active)}
								x2={center(active)}
								y1={0}
								y2={PLOT.height}
								className="stroke-slate-500"
								strokeWidth={1}
								vectorEffect="non-scaling-stroke"
								data-chart-cursor=""
							/>
						) : null}
					</svg>
					<div
						aria-live="polite"
						className={
							at === null
								? 'sr-only'
								: `pointer-events-none absolute top-0 z-10 w-max max-w-64 rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg ${
										at < 25 ? '' : at > 75 ? '-translate-x-full' : '-translate-x-1/2'
									}`
						}
						style={at === null ? undefined : { left: `${at}%` }}
						data-chart-tooltip=""
					>
						{active === null
							? null
							: describe(active).map((text, index) => (
									// biome-ignore lint/suspicious/noArrayIndexKey: a tooltip's lines have no identity but their order
									<p key={index} className={index === 0 ? 'font-semibold' : undefined}>
										{text}
									</p>
								))}
					</div>
				</div>
			</div>
		</figure>
	)
}

const count = (value: number) => formatWholeNumber(value)

/** Visitors and page views per day; the previous period's dashed when comparing. */
export function TrafficChart({ current, previous }: { current: InsightsFigures; previous: InsightsFigures | null }) {
	const copy = insightsCopy.traffic.columns
	const series = [
		{ key: 'visitors', label: copy.visitors },
		{ key: 'pageViews', label: copy.pageViews },
	] as const
	const values = (figures: InsightsFigures | null, key: 'visitors' | 'pageViews') =>
		figures?.daily.map((day) => day[key]) ?? []
	const days = current.daily.map((day) => day.day)
	return (
		<DayChart
			title={insightsCopy.traffic.chart}
			summary={insightsCopy.chart.summary(
				insightsCopy.traffic.chart,
				longDay(current.period.from),
				longDay(current.period.to),
				`${count(current.totals.visitors)} ${copy.visitors.toLowerCase()}, ${count(current.totals.pageViews)} ${copy.pageViews.toLowerCase()}`,
			)}
			days={days}
			max={largest(...series.flatMap(({ key }) => [values(current, key), values(previous, key)]))}
			legend={[
				...series.map(({ key, label }) => ({ label, swatch: tones[key].swatch, shape: 'line' as const })),
				...(previous
					? series.map(({ key, label }) => ({
							label: `${label}, ${insightsCopy.chart.previous} ${insightsCopy.chart.dashed}`,
							swatch: tones[key].swatch,
							shape: 'dashed' as const,
						}))
					: []),
			]}
			describe={(index) => {
				const day = current.daily[index]
				const before = previous?.daily[index]
				return [
					longDay(day?.day ?? ''),
					...series.map(({ key, label }) => `${label}: ${count(day?.[key] ?? 0)}`),
					...(before
						? [
								insightsCopy.chart.previousDay(longDay(before.day)),
								...series.map(({ key, label }) => `${label}: ${count(before[key])}`),
							]
						: []),
				]
			}}
		>
			{(y) =>
				series.flatMap(({ key }) => [
					previous ? (
						<path
							key={`${key}-previous`}
							d={linePath(values(previous, key), y)}
							className={`fill-none ${tones[key].stroke}`}
							strokeWidth={2}
							strokeDasharray={DASH}
							vectorEffect="non-scaling-stroke"
							data-series={`${key}-previous`}
						/>
					) : null,
					<path
						key={key}
						d={linePath(values(current, key), y)}
						className={`fill-none ${tones[key].stroke}`}
						strokeWidth={2.5}
						strokeLinejoin="round"
						vectorEffect="non-scaling-stroke"
						data-series={key}
					/>,
					days.length <= DOTS_UP_TO_DAYS ? (
						<path
							key={`${key}-dots`}
							d={dotPath(values(current, key), y)}
							className={`fill-none ${tones[key].stroke}`}
							strokeWidth={6}
							strokeLinecap="round"
							vectorEffect="non-scaling-stroke"
						/>
					) : null,
				])
			}
		</DayChart>
	)
}

/** Leads per day, stacked by form; the previous period's daily total as a dashed line when comparing. */
export function LeadsChart({ current, previous }: { current: InsightsFigures; previous: InsightsFigures | null }) {
	const forms = insightsCopy.leads.forms
	const total = (day: InsightsFigures['leadsDaily'][number]) => LEAD_FORMS.reduce((sum, form) => sum + day[form], 0)
	const totals = current.leadsDaily.map(total)
	const previousTotals = previous?.leadsDaily.map(total) ?? []
	return (
		<DayChart
			title={insightsCopy.leads.chart}
			summary={insightsCopy.chart.summary(
				insightsCopy.leads.chart,
				longDay(current.period.from),
				longDay(current.period.to),
				LEAD_FORMS.map(
					(form) =>
						`${count(current.leadsDaily.reduce((sum, day) => sum + day[form], 0))} ${forms[form].toLowerCase()}`,
				).join(', '),
			)}
			days={current.leadsDaily.map((day) => day.day)}
			max={largest(totals, previousTotals)}
			legend={[
				...LEAD_FORMS.map((form) => ({ label: forms[form], swatch: tones[form].swatch, shape: 'box' as const })),
				...(previous
					? [
							{
								label: `${insightsCopy.leads.previousTotal} ${insightsCopy.chart.dashed}`,
								swatch: tones.previousLeads.swatch,
								shape: 'dashed' as const,
							},
						]
					: []),
			]}
			describe={(index) => {
				const day = current.leadsDaily[index]
				const before = previous?.leadsDaily[index]
				return [
					longDay(day?.day ?? ''),
					...LEAD_FORMS.map((form) => `${forms[form]}: ${count(day?.[form] ?? 0)}`),
					`${insightsCopy.leads.total}: ${count(totals[index] ?? 0)}`,
					...(before
						? [`${insightsCopy.chart.previousDay(longDay(before.day))}: ${count(previousTotals[index] ?? 0)}`]
						: []),
				]
			}}
		>
			{(y) => (
				<>
					{stackedBars(current.leadsDaily, LEAD_FORMS, y).map((bar) => (
						<rect
							key={`${bar.key}-${bar.index}`}
							x={bar.x}
							y={bar.y}
							width={bar.width}
							height={bar.height}
							// A white edge between stacked parts keeps each one apart from its neighbour.
							className={`${tones[bar.key].fill} stroke-white`}
							strokeWidth={1}
							vectorEffect="non-scaling-stroke"
							data-series={bar.key}
						/>
					))}
					{previous ? (
						<path
							d={linePath(previousTotals, y)}
							className={`fill-none ${tones.previousLeads.stroke}`}
							strokeWidth={2}
							strokeDasharray={DASH}
							vectorEffect="non-scaling-stroke"
							data-series="leads-previous"
						/>
					) : null}
				</>
			)}
		</DayChart>
	)
}

const FUNNEL = { width: 320, row: 44, bar: 14 } as const

/** One source's beta funnel: a bar per step as long as its share of the first step, with its figure written beside. */
export function FunnelChart({ label, steps }: { label: string; steps: FunnelStep[] }) {
	const bars = funnelBars(steps)
	const height = bars.length * FUNNEL.row
	const stepText = (bar: (typeof bars)[number]) => `${count(bar.visitors)} (${formatRate(bar.share)})`
	return (
		<svg
			role="img"
			aria-label={`${label}: ${bars.map((bar) => `${bar.label} ${stepText(bar)}`).join(', ')}`}
			viewBox={`0 0 ${FUNNEL.width} ${height}`}
			className="mt-2 block w-full max-w-sm"
		>
			{bars.map((bar, index) => {
				const top = index * FUNNEL.row
				return (
					<g key={bar.label} data-step={bar.label}>
						<text x={0} y={top + 14} className="fill-slate-700 text-[13px]">
							{bar.label}
						</text>
						<text x={FUNNEL.width} y={top + 14} textAnchor="end" className="fill-slate-900 text-[13px] font-semibold">
							{stepText(bar)}
						</text>
						<rect x={0} y={top + 20} width={FUNNEL.width} height={FUNNEL.bar} rx={2} className="fill-slate-100" />
						<rect
							x={0}
							y={top + 20}
							width={bar.length * FUNNEL.width}
							height={FUNNEL.bar}
							rx={2}
							className="fill-brand-600"
						/>
					</g>
				)
			})}
		</svg>
	)
}
