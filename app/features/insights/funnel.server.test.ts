import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { analyticsEvents } from '#app/db/schema.ts'
import { joinWaitlist, sendContactMessage, submitBetaApplication } from '#app/features/leads/leads.server.ts'
import { subscribeToNewsletter } from '#app/features/newsletter/subscribe.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, submissionContext } from '#tests/support/lead-requests.ts'

const beta = {
	full_name: 'Ada Lovelace',
	email: 'ada@example.com',
	company_name: 'Analytical Engines',
	domain_count: '42',
	current_solution: '',
	why_interested: 'Warm my best names',
}

describe.each(databaseDrivers())('server-side funnel events on $name', (driver) => {
	const database = withTestDatabase(driver)
	const events = () => database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id)

	afterAll(async () => {})
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
})
