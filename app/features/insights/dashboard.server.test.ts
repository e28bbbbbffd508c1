import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { selectRows } from '#app/db/client.server.ts'
import { analyticsEvents, blogPosts } from '#app/db/schema.ts'
import { sendContactMessage } from '#app/features/leads/leads.server.ts'
import { subscribeToNewsletter } from '#app/features/newsletter/subscribe.server.ts'
import { databaseDrivers, withTestDatabase } from '#tests/support/databases.ts'
import { formPost, SITE, submissionContext } from '#tests/support/lead-requests.ts'
import { collectEvent } from './collector.server.ts'
import { insightsDashboard } from './dashboard.server.ts'
import { periodEnding } from './dashboard.ts'
import { formatInsightsReport } from './report.server.ts'
import { pruneRollups } from './rollups.server.ts'

const DAY = 86_400_000
const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (days: number, hour = 12) =>
	new Date(Date.parse(`${today()}T00:00:00Z`) - days * DAY + hour * 3_600_000)
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

type Seeded = {
	visitor: string
	name?: string
	path?: string
	at?: Date
	referrer_host?: string
	utm_source?: string
	utm_medium?: string
	utm_campaign?: string
	ref?: string
}

describe.each(databaseDrivers())('the insights dashboard on $name', (driver) => {
	const database = withTestDatabase(driver)
	const seed = (events: Seeded[]) =>
		database.db.insert(analyticsEvents).values(
			events.map(({ visitor, name = 'page_view', path = '/', at = daysAgo(0, 0), ...source }) => ({
				name,
				path,
				route: path,
				visitor_hash: visitor,
				created_at: at,
				...source,
			})),
		)

	afterAll(async () => {})
	beforeEach(async () => {
		await database.db.execute(sql`TRUNCATE analytics_events, insights_daily_pages, insights_daily_sources,
			insights_rolled_up_days, contact_messages, newsletter_subscribers, beta_applications, community_waitlist,
			notifications, rate_limits, blog_posts CASCADE`)
	})

	it('counts visitors, sources, campaigns, conversions and the beta funnel per source, a visitor once a day', async () => {
		await seed([
			// Came from a newsletter campaign, read two pages, opened the dialog and applied.
			{ visitor: 'a', utm_source: 'newsletter', utm_campaign: 'launch', referrer_host: 'mail.example' },
			{ visitor: 'a', path: '/pricing' },
			{ visitor: 'a', name: 'beta_dialog_opened', path: '/pricing' },
			{ visitor: 'a', name: 'beta_application_submitted', path: '/beta-application' },
			// Same campaign, only looked.
			{ visitor: 'b', path: '/pricing', utm_source: 'newsletter', utm_campaign: 'launch' },
			// From a search engine: the day's first event that says where it came from counts, not a later one.
			{ visitor: 'c', path: '/blog' },
			{ visitor: 'c', path: '/blog', referrer_host: 'search.example' },
			{ visitor: 'c', path: '/blog', referrer_host: 'later.example' },
			{ visitor: 'c', name: 'contact_sent', path: '/contact' },
			// Direct, on two days: two visitor-days.
			{ visitor: 'd' },
			{ visitor: 'd', at: daysAgo(3) },
			// Outside the period.
			{ visitor: 'e', at: daysAgo(8), utm_source: 'old' },
		])
		const { current, previous } = await insightsDashboard(database.db, periodEnding(today(), 7), true)
		expect(current.totals).toMatchObject({ visitors: 5, pageViews: 8, leadVisitors: 2, conversion: 2 / 5 })
		expect(current.daily).toHaveLength(7)
		expect(current.daily.at(-1)).toEqual({ day: today(), visitors: 4, pageViews: 7 })
		expect(current.daily.at(-4)).toEqual({ day: daysAgo(3).toISOString().slice(0, 10), visitors: 1, pageViews: 1 })
		expect(current.daily.at(0)?.visitors).toBe(0)
		expect(current.pages).toEqual([
			{ path: '/', views: 3, visitors: 3 },
			{ path: '/blog', views: 3, visitors: 1 },
			{ path: '/pricing', views: 2, visitors: 2 },
		])
		expect(current.sources).toEqual([
			{ key: 'source:newsletter', source: 'newsletter', visitors: 2, leads: 1, rate: 0.5 },
			{ key: 'direct', source: '(direct)', visitors: 2, leads: 0, rate: 0 },
			{ key: 'source:search.example', source: 'search.example', visitors: 1, leads: 1, rate: 1 },
		])
		expect(current.referrers).toEqual([
			{ host: 'mail.example', visitors: 1, leads: 1, rate: 1 },
			{ host: 'search.example', visitors: 1, leads: 1, rate: 1 },
		])
		expect(current.campaigns).toEqual([
			{ campaign: 'launch', source: 'newsletter', medium: null, visitors: 2, leads: 1, rate: 0.5 },
		])
		const steps = (source: string | null) =>
			current.funnel.find((funnel) => funnel.source === source)?.steps.map((step) => step.visitors)
		expect(current.funnel[0]?.source).toBeNull()
		expect(steps(null)).toEqual([5, 1, 1])
		expect(steps('newsletter')).toEqual([2, 1, 1])
		expect(steps('search.example')).toEqual([1, 0, 0])
		expect(previous?.period).toEqual(periodEnding(daysAgo(7).toISOString().slice(0, 10), 7))
		expect(previous?.totals.visitors).toBe(1)
		expect(previous?.sources).toEqual([{ key: 'source:old', source: 'old', visitors: 1, leads: 0, rate: 0 }])
	})

	it('rolls up past days once and today again whenever newer events arrive', async () => {
		await seed([{ visitor: 'a', at: daysAgo(2) }, { visitor: 'b' }])
		const week = periodEnding(today(), 7)
		expect((await insightsDashboard(database.db, week, false)).current.totals.visitors).toBe(2)
		const markers = await selectRows<{ complete: boolean }>(
			database.db,
			sql`SELECT complete FROM insights_rolled_up_days ORDER BY day`,
		)
		// The 90 days whose raw events are all still kept (the 91st is partly pruned already), today included.
		expect(markers).toHaveLength(90)
		expect(markers.at(-1)?.complete).toBe(false)
		expect(markers.slice(0, -2).every((row) => row.complete)).toBe(true)
		// Arriving late for a day already rolled up for good: it stays as it was rolled up.
		await seed([{ visitor: 'c' }, { visitor: 'c', path: '/pricing' }, { visitor: 'late', at: daysAgo(2) }])
		const again = await insightsDashboard(database.db, week, false)
		expect(again.current.totals).toMatchObject({ visitors: 3, pageViews: 4 })
		expect(again.current.pages[0]).toEqual({ path: '/', views: 3, visitors: 3 })
	})

	it('leaves out console pages counted before the collector refused them', async () => {
		await seed([
			{ visitor: 'a', path: '/admin/inbox' },
			{ visitor: 'a', path: '/ADMIN' },
			{ visitor: 'a', path: '/pricing' },
		])
		const { current } = await insightsDashboard(database.db, periodEnding(today(), 7), false)
		expect(current.pages).toEqual([{ path: '/pricing', views: 1, visitors: 1 }])
		expect(current.totals.pageViews).toBe(1)
	})

	it('keeps rollups two years, longer than the raw events they sum up', async () => {
		await database.db.execute(sql`INSERT INTO insights_daily_pages (day, path, views, visitors) VALUES
			(current_date - 800, '/too-old', 1, 1), (current_date - 400, '/last-year', 1, 1)`)
		await pruneRollups(database.db)
		const paths = await selectRows<{ path: string }>(database.db, sql`SELECT path FROM insights_daily_pages`)
		expect(paths).toEqual([{ path: '/last-year' }])
	})

	it('counts leads per day by form from the lead tables, and posts by views and by sign-ups sent from them', async () => {
		const [post] = await database.db
			.insert(blogPosts)
			.values({ title: 'Parked pages vs developed sites', seo_slug: 'parked-pages' })
			.returning()
		await database.db.insert(blogPosts).values({ title: 'Other', seo_slug: 'other' })
		await seed([
			{ visitor: 'a', path: '/blog/parked-pages' },
			{ visitor: 'b', path: '/blog/parked-pages' },
			{ visitor: 'b', path: '/blog/other' },
		])
		const context = submissionContext(database)
		await subscribeToNewsletter(
			formPost(
				'/newsletter',
				{ email: 'reader@example.com', source: 'blog_sidebar' },
				{
					referer: `${SITE}/blog/parked-pages`,
				},
			),
			context,
		)
		await sendContactMessage(
			formPost('/contact', { name: 'Linus', email: 'linus@example.com', subject: 'Hi', message: 'Hello' }),
			context,
		)
		const { current } = await insightsDashboard(database.db, periodEnding(today(), 7), false)
		expect(current.totals.leads).toBe(2)
		expect(current.leadsDaily.at(-1)).toEqual({ day: today(), beta: 0, waitlist: 0, contact: 1, newsletter: 1 })
		expect(current.posts.byViews).toEqual([
			{ slug: 'parked-pages', title: 'Parked pages vs developed sites', views: 2, visitors: 2 },
			{ slug: 'other', title: 'Other', views: 1, visitors: 1 },
		])
		expect(current.posts.bySignUps).toEqual([
			{ slug: 'parked-pages', title: 'Parked pages vs developed sites', signUps: 1 },
		])
		const [subscriber] = await selectRows<{ from_post_id: string | number }>(
			database.db,
			sql`SELECT from_post_id FROM newsletter_subscribers`,
		)
		expect(Number(subscriber?.from_post_id)).toBe(post?.id)
	})

	it('stores a newsletter sign-up whose page address names no post it can look up', async () => {
		const context = submissionContext(database)
		for (const [email, referer] of [
			['nul@example.com', `${SITE}/blog/%00`],
			['bad@example.com', `${SITE}/blog/%E0%A4%A`],
		] as const) {
			const answer = await subscribeToNewsletter(
				formPost('/newsletter', { email, source: 'footer' }, { referer }),
				context,
			)
			expect(JSON.stringify(answer)).not.toContain('went wrong')
		}
		const rows = await selectRows<{ email: string; from_post_id: null }>(
			database.db,
			sql`SELECT email, from_post_id FROM newsletter_subscribers ORDER BY id`,
		)
		expect(rows).toEqual([
			{ email: 'nul@example.com', from_post_id: null },
			{ email: 'bad@example.com', from_post_id: null },
		])
	})

	it('prints the same figures as text, with control characters a visitor sent shown as marks', async () => {
		await seed([
			{ visitor: 'a', utm_source: 'newsletter', utm_campaign: 'launch' },
			{ visitor: 'a', name: 'beta_dialog_opened' },
			{ visitor: 'b', path: '/pricing', referrer_host: 'search.example' },
			{ visitor: 'c', path: '/\u001b]52;c;aGk=\u0007' },
		])
		const dashboard = await insightsDashboard(database.db, periodEnding(today(), 7), true)
		const lines = formatInsightsReport(dashboard)
			.split('\n')
			.map((line) => line.trim().split(/\s{2,}/))
		expect(lines).toContainEqual([`${dashboard.current.period.from} to ${today()}`, '3', '3', '0', '0', '0.0%'])
		expect(lines).toContainEqual([today(), '3', '3'])
		expect(lines).toContainEqual(['/\u241b]52;c;aGk=\u2407', '1', '1'])
		expect(lines).toContainEqual(['/pricing', '1', '1'])
		expect(lines).toContainEqual(['search.example', '1', '0', '0.0%'])
		expect(lines).toContainEqual(['launch', 'newsletter', '-', '1', '0', '0.0%'])
		expect(lines).toContainEqual(['all', 'dialog opened', '1', '33.3%', '33.3%'])
		expect(lines).toContainEqual(['newsletter', 'dialog opened', '1', '100.0%', '100.0%'])
	})
})

describe.each(databaseDrivers())('where a lead came from, on $name', (driver) => {
	const database = withTestDatabase(driver)
	const ADDRESS = '203.0.113.7'
	const view = (path: string, extra: Record<string, unknown> = {}, address = ADDRESS) =>
		collectEvent(
			new Request(`${SITE}/_insights/events`, {
				method: 'POST',
				headers: { 'content-type': 'text/plain', 'user-agent': BROWSER, origin: SITE },
				body: JSON.stringify({ name: 'page_view', path, ...extra }),
			}),
			{
				db: database.db,
				logger: pino({ level: 'silent' }),
				clientAddress: address,
				siteUrl: SITE,
				routeOf: async () => null,
			},
		)
	const contact = (headers: Record<string, string>) =>
		sendContactMessage(
			formPost(
				'/contact',
				{ name: 'Linus', email: 'linus@example.com', subject: 'Hi', message: 'Hello' },
				{ 'user-agent': BROWSER, ...headers },
			),
			submissionContext(database),
		)
	const lastLead = async () => {
		const [row] = await selectRows<Record<string, string | null>>(
			database.db,
			sql`SELECT landing_path, referrer_host, utm_source, utm_medium, utm_campaign, ref FROM contact_messages
				ORDER BY id DESC LIMIT 1`,
		)
		return row
	}
	const leadEvent = async () => {
		const [row] = await selectRows<Record<string, string | null>>(
			database.db,
			sql`SELECT referrer_host, utm_source, utm_campaign FROM analytics_events WHERE name = 'contact_sent'
				ORDER BY id DESC LIMIT 1`,
		)
		return row
	}
	const none = { referrer_host: null, utm_source: null, utm_medium: null, utm_campaign: null, ref: null }

	afterAll(async () => {})
	beforeEach(async () => {
		await database.db.execute(sql`TRUNCATE analytics_events, contact_messages, notifications, rate_limits CASCADE`)
	})

	it("takes the visit's landing page, referring site and campaign from the visitor's page views of the day", async () => {
		await view('/', { referrer: 'news.example', campaign: { utm_source: 'newsletter', utm_campaign: 'launch' } })
		await view('/pricing')
		await view('/contact')
		await view('/', { campaign: { utm_source: 'someone-else' } }, '198.51.100.1')
		await contact({ referer: `${SITE}/contact` })
		expect(await lastLead()).toEqual({
			...none,
			landing_path: '/',
			referrer_host: 'news.example',
			utm_source: 'newsletter',
			utm_campaign: 'launch',
		})
		expect(await leadEvent()).toEqual({
			referrer_host: 'news.example',
			utm_source: 'newsletter',
			utm_campaign: 'launch',
		})
	})

	it('takes the first page of the day when no page view came from elsewhere', async () => {
		await view('/pricing')
		await view('/contact')
		await contact({ referer: `${SITE}/contact` })
		expect(await lastLead()).toEqual({ ...none, landing_path: '/pricing' })
	})

	it('prefers the campaign in the address of the page the form was sent from', async () => {
		await view('/', { referrer: 'news.example', campaign: { utm_source: 'earlier' } })
		await contact({ referer: `${SITE}/contact?utm_source=partner&utm_medium=email` })
		expect(await lastLead()).toEqual({ ...none, landing_path: '/contact', utm_source: 'partner', utm_medium: 'email' })
	})

	it.each([
		['without page views (JavaScript off)', {}],
		['under Do Not Track', { dnt: '1' }],
		['under Global Privacy Control', { 'sec-gpc': '1' }],
	])('reads the posting page address %s', async (_, headers) => {
		if (Object.keys(headers).length > 0) await view('/', { campaign: { utm_source: 'tracked-anyway' } })
		await contact({ ...headers, referer: `${SITE}/contact?utm_source=newsletter&utm_campaign=launch&ref=friend&x=1` })
		expect(await lastLead()).toEqual({
			...none,
			landing_path: '/contact',
			utm_source: 'newsletter',
			utm_campaign: 'launch',
			ref: 'friend',
		})
	})

	it('cuts or drops hostile values and stores nothing from another site', async () => {
		const hostile = encodeURIComponent(`<img src=x onerror=alert(1)>\u202E${'w'.repeat(500)}`)
		await contact({ referer: `${SITE}/contact?utm_campaign=${hostile}&utm_source=%00%07` })
		const lead = await lastLead()
		expect(lead?.utm_campaign).toBe(`<img src=x onerror=alert(1)>${'w'.repeat(72)}`)
		expect(lead?.utm_source).toBeNull()
		await contact({ referer: 'https://evil.example/contact?utm_source=evil' })
		expect(await lastLead()).toEqual({ ...none, landing_path: null })
	})
})
