import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { validationMessages } from '#app/content/validation-messages.ts'
import { betaApplicationSchema } from './schemas.ts'

const application = {
	full_name: 'Ada Lovelace',
	email: 'ada@example.com',
	company_name: '',
	current_solution: '',
	why_interested: 'Parked names should earn.',
}

const domainCountOf = (value: string) => {
	const parsed = z.safeParse(betaApplicationSchema, { ...application, domain_count: value })
	return parsed.success ? parsed.data.domain_count : parsed.error.issues.map((issue) => issue.message)
}

describe('the beta application’s domain count', () => {
	it('reads what a number field sends as the whole number it is', () => {
		expect(domainCountOf('1e3')).toBe(1000)
		expect(domainCountOf('1.5E3')).toBe(1500)
		expect(domainCountOf(' 42 ')).toBe(42)
		expect(domainCountOf('1000.0')).toBe(1000)
	})

	it('refuses what is not a whole number of at least 1, saying so, and too many with the limit', () => {
		for (const value of ['1.5', '1e-3', '0', '', 'many', '0x10', '-3']) {
			expect(domainCountOf(value), value).toEqual([validationMessages.domainCount])
		}
		for (const value of ['1e7', '1000001', '1e999']) {
			expect(domainCountOf(value), value).toEqual([validationMessages.domainCountMax])
		}
	})
})
