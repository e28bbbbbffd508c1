import { insightsCopy } from '#app/content/insights.ts'
import { formatWholeNumber } from '#app/content/number-format.ts'

const MINUS = '\u2212'
const signed = (value: number, text: string) => (value > 0 ? `+${text}` : value < 0 ? `${MINUS}${text}` : text)
/** A number with at most one decimal, without a trailing ".0". */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10)

/** A share (0 to 1) as a percentage: "12.5%"; a dash when there was nothing to divide by. */
export function formatRate(rate: number | null) {
	return rate === null ? insightsCopy.notCounted : `${oneDecimal(rate * 100)}%`
}

/** How a count moved since the previous period: "+25%", "−10%", "new" when it was zero, "no change". */
export function formatChange(current: number, previous: number) {
	if (current === previous) return insightsCopy.totals.noChange
	if (previous === 0) return insightsCopy.totals.newFigure
	const percent = Math.round(((current - previous) / previous) * 100)
	return percent === 0 ? insightsCopy.totals.noChange : signed(percent, `${formatWholeNumber(Math.abs(percent))}%`)
}

/** How a share moved since the previous period, in percentage points: "+1.5 pts". */
export function formatRateChange(current: number | null, previous: number | null) {
	if (current === null || previous === null) return insightsCopy.notCounted
	const points = Math.round((current - previous) * 1000) / 10
	return points === 0
		? insightsCopy.totals.noChange
		: signed(points, `${oneDecimal(Math.abs(points))} ${insightsCopy.totals.points}`)
}
