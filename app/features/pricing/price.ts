import { formatWholeNumber } from '#app/content/number-format.ts'
import type { BillingPeriod, Plan } from '#app/content/plans.ts'

/** Whole US dollars as shown on the site: $0, $29, $1,548. */
export function formatUsd(amount: number) {
	return `$${formatWholeNumber(amount)}`
}

/** Price per month for the chosen billing period. */
export function monthlyRate(plan: Pick<Plan, 'monthlyPrice' | 'annualPrice'>, period: BillingPeriod) {
	return period === 'annual' ? plan.annualPrice : plan.monthlyPrice
}

/** What an annual plan costs for the year, billed up front. */
export function yearlyTotal(plan: Pick<Plan, 'annualPrice'>) {
	return plan.annualPrice * 12
}
