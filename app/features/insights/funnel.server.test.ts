import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { databaseDrivers, type TestDatabase } from '../../../tests/support/databases.ts'
import { formPost, submissionContext } from '../../../tests/support/lead-requests.ts'
import { analyticsEvents } from '../../db/schema.ts'
import { joinWaitlist, sendContactMessage, submitBetaApplication } from '../leads/leads.server.ts'
import { subscribeToNewsletter } from '../newsletter/subscribe.server.ts'
import { formatInsightsReport, insightsReport } from './report.server.ts'

const beta = {
	full_name: 'Ada Lovelace',
	email: 'ada@example.com',
	company_name: 'Analytical Engines',
	domain_count: '42',
	current_solution: '',
	why_interested: 'Warm my best names',
}

describe.each(databaseDrivers())('server-side funnel events and the report on $name', (driver) => {
	let database: TestDatabase
	const events = () => database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id)

	beforeAll(async () => {
		database = await driver.create()
	})
	afterAll(async () => {
		await database?.dispose()
	})
	beforeEach(async () => {
		await database.db.delete(analyticsEvents)
	})

	it('records each stored submission once, the beta application with the spec fields', async () => {
		const context = submissionContext(database)
		await submitBetaApplication(formPost('/beta-application', beta), context)
		await joinWaitlist(formPost('/community-interest', { name: 'Grace', email: 'grace@example.com' }), context)
		await sendContactMessage(
			formPost('/contact', { name: 'Linus', email: 'linus@example.com', subject: 'Hi', message: 'Hello' }),
			context,
		)
		await subscribeToNewsletter(formPost('/newsletter', { email: 'news@example.com', source: 'footer' }), context)
		// Already subscribed: nothing new happened, so nothing is counted.
		await subscribeToNewsletter(formPost('/newsletter', { email: 'news@example.com', source: 'footer' }), context)
		const rows = await events()
		expect(rows.map((row) => [row.name, row.route])).toEqual([
			['beta_application_submitted', '/beta-application'],
			['waitlist_joined', '/community-interest'],
			['contact_sent', '/contact'],
			['newsletter_subscribed', '/newsletter'],
		])
		expect(rows[0]?.props).toEqual({
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			company: 'Analytical Engines',
			domain_count: 42,
		})
		expect(new Set(rows.map((row) => row.visitor_hash)).size).toBe(1)
	})

	it('does not record a submission that fails validation, or one sent with Do Not Track', async () => {
		const context = submissionContext(database)
		await submitBetaApplication(formPost('/beta-application', { ...beta, email: 'nope' }), context)
		await submitBetaApplication(formPost('/beta-application', beta, { dnt: '1' }), context)
		await submitBetaApplication(formPost('/beta-application', beta, { 'sec-gpc': '1' }), context)
		expect(await events()).toEqual([])
	})

	it('reports page views per path, visitors per day and the beta funnel', async () => {
		const visitor = async (address: string, pages: string[], steps: string[]) => {
			const values = [
				...pages.map((path) => ({ name: 'page_view', path, route: path })),
				...steps.map((name) => ({ name, path: '/', route: '/' })),
			].map((event) => ({ ...event, visitor_hash: address }))
			await database.db.insert(analyticsEvents).values(values)
		}
		await visitor('a', ['/', '/pricing', '/'], ['beta_dialog_opened', 'beta_application_submitted'])
		await visitor('b', ['/', '/pricing'], ['beta_dialog_opened'])
		await visitor('c', ['/blog'], [])
		await visitor('d', ['/'], [])
		await database.db.insert(analyticsEvents).values({
			name: 'page_view',
			path: '/old',
			visitor_hash: 'e',
			created_at: new Date(Date.now() - 40 * 86_400_000),
		})
		const report = await insightsReport(database.db, 30)
		expect(report.pages).toEqual([
			{ path: '/', views: 4, visitors: 3 },
			{ path: '/pricing', views: 2, visitors: 2 },
			{ path: '/blog', views: 1, visitors: 1 },
		])
		expect(report.visitorsPerDay).toEqual([{ day: new Date().toISOString().slice(0, 10), visitors: 4 }])
		expect(report.funnel).toEqual([
			{ label: 'page view', visitors: 4, events: 7 },
			{ label: 'dialog opened', visitors: 2, events: 2 },
			{ label: 'application submitted', visitors: 1, events: 1 },
		])
		const text = formatInsightsReport(report)
		expect(text).toMatch(/^dialog opened\s+2\s+2\s+50\.0%\s+50\.0%$/m)
		expect(text).toMatch(/^application submitted\s+1\s+1\s+25\.0%\s+50\.0%$/m)
		expect((await insightsReport(database.db, 60)).pages.map((row) => row.path)).toContain('/old')
	})
})
