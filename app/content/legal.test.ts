import { describe, expect, it } from 'vitest'
import { cookiePolicy, privacyPolicy, termsOfService } from './legal.ts'

const site = { brandName: 'Domain Rebels', contactEmail: 'hello@example.com' }
const textOf = (doc: ReturnType<typeof termsOfService>) =>
	[...doc.intro, ...doc.sections.flatMap((s) => [s.title, ...s.paragraphs, ...(s.list ?? [])])].join('\n')

describe('terms of service', () => {
	const terms = termsOfService(site)
	const text = textOf(terms)

	it('has 27 sections with unique anchors', () => {
		expect(terms.sections).toHaveLength(27)
		expect(new Set(terms.sections.map((s) => s.id)).size).toBe(27)
	})

	it.each([
		['ownership or authorisation of added domains', /only add domains that you own or are authorised/],
		['Warm-tier posts twice monthly', /blog content is published twice monthly/],
		['DNS update within 30 days after removal', /After you remove a domain .* update its DNS records within 30 days/],
		['analytics kept 90 days', /kept for 90 days/],
		['price changes notified 30 days ahead', /price changes at least 30 days before/],
		['liability capped at 6 months of fees', /fees you paid us in the 6 months/],
		['arbitration opt-out within 30 days', /opt out of arbitration .* within 30 days/],
		['Texas law', /laws of the State of Texas/],
		['fees non-refundable except as required by law', /non-refundable except as required by law/],
		[
			'downgrade puts warmed domains above the limit into maintenance mode',
			/above the new plan’s limit go into maintenance mode: they stay accessible/,
		],
		['chat moderation', /moderate chat/],
		['30-day money-back guarantee', /30-day money-back guarantee/],
	])('states %s', (_name, pattern) => {
		expect(text).toMatch(pattern)
	})
})

describe('privacy policy', () => {
	const privacy = privacyPolicy(site)
	const text = textOf(privacy)

	it('states retention, minimum age, encryption, no selling and SOC 2 Type II', () => {
		expect(privacy.lastUpdated).toBe('September 2025')
		expect(text).toMatch(/account data for the life of your account plus 3 years/)
		expect(text).toMatch(/communication logs for 2 years/)
		expect(text).toMatch(/at least 13 years old/)
		expect(text).toMatch(/encrypted/)
		expect(text).toMatch(/never sold or shared/)
		expect(text).toMatch(/SOC 2 Type II/)
		expect(text).toContain('hello@example.com')
	})

	it('says in plain words what the analytics record and how a form is linked to its visit', () => {
		expect(text).toMatch(/sets no cookie and stores nothing in your browser/)
		expect(text).toMatch(/only its name, such as news\.example\.com, never the full address/)
		expect(text).toMatch(/utm_source, utm_medium, utm_campaign or ref/)
		expect(text).toMatch(/the page you arrived on and the website or campaign that brought you/)
		expect(text).toMatch(/people who share a network address and the same browser share that code/)
		expect(text).toMatch(/Do Not Track or Global Privacy Control, or your browser runs no JavaScript/)
		expect(text).toMatch(/Page views are deleted after 90 days/)
	})
})

describe('cookie policy', () => {
	it('links to the privacy policy and the terms', () => {
		const links = cookiePolicy(site)
			.sections.flatMap((s) => s.links ?? [])
			.map((l) => l.to)
		expect(links).toEqual(expect.arrayContaining(['/privacy', '/terms']))
	})
})
