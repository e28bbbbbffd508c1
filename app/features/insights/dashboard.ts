import {
	DEFAULT_PERIOD_DAYS,
	insightsPeriodProblems,
	MAX_CUSTOM_DAYS,
	PRESET_PERIODS,
	ROLLUP_RETENTION_DAYS,
} from '#app/content/insights.ts'

/** A run of whole UTC days, both ends included, as YYYY-MM-DD. */
export type InsightsPeriod = { from: string; to: string; days: number }

/** Where a visit came from, as the dashboard groups it. */
/** `key` tells apart the direct visits from a visitor's own utm_source that reads the same. */
export type SourceRow = { key: string; source: string; visitors: number; leads: number; rate: number | null }
export type FunnelStep = { label: string; visitors: number }

/** The figures of one period. Every daily series has one entry per day of the period, zeros included. */
export type InsightsFigures = {
	period: InsightsPeriod
	totals: { visitors: number; pageViews: number; leads: number; leadVisitors: number; conversion: number | null }
	daily: { day: string; visitors: number; pageViews: number }[]
	/** Leads stored per day by form, from the lead tables (every lead, with or without analytics). */
	leadsDaily: { day: string; beta: number; waitlist: number; contact: number; newsletter: number }[]
	pages: { path: string; views: number; visitors: number }[]
	referrers: { host: string; visitors: number; leads: number; rate: number | null }[]
	campaigns: {
		campaign: string
		source: string | null
		medium: string | null
		visitors: number
		leads: number
		rate: number | null
	}[]
	/** Conversion per source: utm_source, else ref, else the referring host, else "(direct)". */
	sources: SourceRow[]
	/** The beta funnel over all visitors, then per source (the same sources as `sources`). */
	funnel: { key: string; source: string | null; steps: FunnelStep[] }[]
	posts: {
		byViews: { slug: string; title: string; views: number; visitors: number }[]
		bySignUps: { slug: string; title: string; signUps: number }[]
	}
}

export type InsightsDashboard = { current: InsightsFigures; previous: InsightsFigures | null }

const DAY_MS = 86_400_000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`)
const isDay = (value: string | null): value is string =>
	value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDay(dayTime(value) || 0) === value

/** The `days` days ending with `to`. */
export const periodEnding = (to: string, days: number): InsightsPeriod => ({
	from: isoDay(dayTime(to) - (days - 1) * DAY_MS),
	to,
	days,
})

/** The period of the same length just before `period`. */
export const previousPeriod = (period: InsightsPeriod) =>
	periodEnding(isoDay(dayTime(period.from) - DAY_MS), period.days)

/** Every day of a period, oldest first. */
export const periodDays = (period: InsightsPeriod) =>
	Array.from({ length: period.days }, (_, index) => isoDay(dayTime(period.from) + index * DAY_MS))

export type PeriodChoice = {
	/** The preset's days, or "custom". */
	choice: string
	period: InsightsPeriod
	compare: boolean
	/** Why a custom range was not taken (the default period is shown instead). */
	problem: string | null
}

/**
 * The period an address asks for: `?period=7|30|90`, or `?period=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`, and
 * `compare=1`. Anything else gets the default period, with a problem to show when a custom range was refused.
 */
export function periodFromSearch(params: URLSearchParams, now = new Date()): PeriodChoice {
	const today = isoDay(now.getTime())
	const compare = params.get('compare') === '1'
	const choice = params.get('period') ?? String(DEFAULT_PERIOD_DAYS)
	const preset = PRESET_PERIODS.find((days) => String(days) === choice)
	if (preset) return { choice, period: periodEnding(today, preset), compare, problem: null }
	const fallback = { choice: String(DEFAULT_PERIOD_DAYS), period: periodEnding(today, DEFAULT_PERIOD_DAYS), compare }
	if (choice !== 'custom') return { ...fallback, problem: null }
	const from = params.get('from')
	const to = params.get('to')
	if (!isDay(from) || !isDay(to)) return { ...fallback, problem: insightsPeriodProblems.dates }
	if (from > to) return { ...fallback, problem: insightsPeriodProblems.order }
	if (to > today) return { ...fallback, problem: insightsPeriodProblems.future }
	const days = (dayTime(to) - dayTime(from)) / DAY_MS + 1
	if (days > MAX_CUSTOM_DAYS) return { ...fallback, problem: insightsPeriodProblems.length }
	if (dayTime(today) - dayTime(from) >= ROLLUP_RETENTION_DAYS * DAY_MS)
		return { ...fallback, problem: insightsPeriodProblems.retention }
	return { choice, period: { from, to, days }, compare, problem: null }
}
