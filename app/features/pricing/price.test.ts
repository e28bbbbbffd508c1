import { describe, expect, it } from 'vitest'
import { plans } from '#app/content/plans.ts'
import { formatUsd, monthlyRate, yearlyTotal } from './price.ts'

describe('prices', () => {
	it('formats whole dollars without cents', () => {
		expect(formatUsd(0)).toBe('$0')
		expect(formatUsd(29)).toBe('$29')
		expect(formatUsd(3108)).toBe('$3,108')
	})

	it('picks the monthly or annual rate and totals a year', () => {
		const pro = plans.find((plan) => plan.id === 'pro')
		if (!pro) throw new Error('Pro plan missing')
		expect(monthlyRate(pro, 'monthly')).toBe(79)
		expect(monthlyRate(pro, 'annual')).toBe(67)
		expect(yearlyTotal(pro)).toBe(804)
	})
})

describe('plans of spec section 9', () => {
	it('carries the exact prices, domains and seats', () => {
		expect(
			plans.map((p) => [p.name, p.monthlyPrice, p.annualPrice, p.launchedDomains, p.warmedDomains, p.seats]),
		).toEqual([
			['Free', 0, 0, 1, null, 1],
			['Starter', 29, 25, 10, 3, 1],
			['Pro', 79, 67, 35, 10, 3],
			['Builder', 149, 129, 100, 35, 5],
			['Collector', 299, 259, 200, 75, 10],
		])
	})

	it('marks only Pro as most popular and every paid plan as in the Warming beta', () => {
		expect(plans.filter((p) => p.popular).map((p) => p.name)).toEqual(['Pro'])
		expect(plans.filter((p) => p.warmingBeta).map((p) => p.name)).toEqual(['Starter', 'Pro', 'Builder', 'Collector'])
	})

	it('makes annual billing about 14% cheaper on every paid plan', () => {
		for (const plan of plans.filter((p) => p.monthlyPrice > 0)) {
			const saving = 1 - plan.annualPrice / plan.monthlyPrice
			expect(saving).toBeGreaterThan(0.13)
			expect(saving).toBeLessThan(0.16)
		}
	})
})
