import type { Browser, BrowserContext, Page } from '@playwright/test'
import { contactFormCopy } from '#app/content/contact.ts'
import { inboxCopy } from '#app/content/inbox.ts'
import { insightsCopy } from '#app/content/insights.ts'
import { expect, test } from '#tests/support/test.ts'
import { openBrowser, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	type Person,
	shareSession,
	startConsoleServer,
} from '../support/console-server.ts'
import { insightsReport, reportLines } from '../support/insights-report.ts'
import { tableRows } from '../support/table-rows.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const CAMPAIGN = '?utm_source=newsletter&utm_campaign=launch'
const NEWSLETTER_ISSUE = 'https://news.example.com/issue/42'
/** Each visitor its own browser: the server tells visitors apart by address and browser only. */
const visitorAgent = (name: string) =>
	`Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 ${name}`

test.describe('where a lead came from', () => {
	let site: ConsoleServer
	let operator: BrowserContext
	const visitors: BrowserContext[] = []
	let chromium: Browser

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(120_000)
		chromium = browser
		;[site, operator] = await Promise.all([
			startConsoleServer({ env: { RATE_LIMIT_MAX: '200' } }),
			openBrowser(browser, { javaScriptEnabled: false }),
		])
		await shareSession(await createFirstOperator(site, ada), operator)
	})
	test.afterAll(async () => {
		await Promise.all([operator?.close(), ...visitors.map((visitor) => visitor.close())])
		await site?.server.stop()
	})

	async function visitor(name: string, javaScriptEnabled = true) {
		const context = await openBrowser(chromium, { javaScriptEnabled, userAgent: visitorAgent(name) })
		visitors.push(context)
		return context.newPage()
	}

	/** Waits until the server has the page view the loader sends once the page has loaded. */
	const counted = (page: Page, path: string) =>
		page.waitForResponse(
			(response) =>
				response.url().endsWith('/_insights/events') &&
				(response.request().postData() ?? '').includes(`"path":"${path}"`),
		)

	async function sendContactMessage(page: Page, name: string) {
		const form = page.getByRole('form', { name: 'Contact form' })
		await form.getByLabel('Name').fill(name)
		await form.getByLabel('Email').fill(`${name.split(' ')[0]?.toLowerCase()}@example.com`)
		await form.getByLabel('Subject').fill('Where did I come from?')
		await form.getByLabel('Message').fill('From the launch newsletter.')
		await form.getByRole('button', { name: contactFormCopy.submit }).click()
		await page.getByText(contactFormCopy.success).first().waitFor()
	}

	/** What the lead's page says under "Where they came from", as label and value pairs. */
	async function visitOf(name: string) {
		const page = await operator.newPage()
		await page.goto(`${site.url}/admin/inbox`)
		await page.getByRole('link', { name, exact: true }).click()
		await page.getByRole('heading', { level: 1, name }).waitFor()
		// The page streams: its heading can be on screen before the section below it has arrived.
		await page.waitForLoadState('load')
		const section = page.locator('section', {
			has: page.getByRole('heading', { level: 2, name: inboxCopy.lead.visit.heading }),
		})
		const pairs = await section
			.locator('dt')
			.evaluateAll((terms) => terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']))
		const markup = await section.locator('dd img, dd script, dd b').count()
		await page.close()
		return { visit: Object.fromEntries(pairs), markup }
	}

	const labels = inboxCopy.lead.visit.labels

	test('keeps the campaign and landing page of a visitor who moved on by a client navigation', async () => {
		const page = await visitor('Client')
		const landing = counted(page, '/')
		await page.goto(`${site.url}/${CAMPAIGN}`, { referer: NEWSLETTER_ISSUE })
		await waitForHydration(page)
		await landing
		await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click()
		await page.waitForURL(`${site.url}/contact`)
		await sendContactMessage(page, 'Cleo Client')
		expect((await visitOf('Cleo Client')).visit).toEqual({
			[labels.landing_path ?? '']: '/',
			[labels.referrer_host ?? '']: 'news.example.com',
			[labels.utm_source ?? '']: 'newsletter',
			[labels.utm_campaign ?? '']: 'launch',
		})
	})

	test('keeps them across full page loads', async () => {
		const page = await visitor('Full')
		const landing = counted(page, '/')
		await page.goto(`${site.url}/${CAMPAIGN}`, { referer: NEWSLETTER_ISSUE })
		await landing
		await page.goto(`${site.url}/contact`)
		await sendContactMessage(page, 'Fred Full')
		expect((await visitOf('Fred Full')).visit).toEqual({
			[labels.landing_path ?? '']: '/',
			[labels.referrer_host ?? '']: 'news.example.com',
			[labels.utm_source ?? '']: 'newsletter',
			[labels.utm_campaign ?? '']: 'launch',
		})
	})

	test('reads the address of the page the form was sent from when the browser runs no JavaScript', async () => {
		const page = await visitor('NoJs', false)
		await page.goto(`${site.url}/contact${CAMPAIGN}`, { referer: NEWSLETTER_ISSUE })
		await sendContactMessage(page, 'Nina NoJs')
		expect((await visitOf('Nina NoJs')).visit).toEqual({
			[labels.landing_path ?? '']: '/contact',
			[labels.utm_source ?? '']: 'newsletter',
			[labels.utm_campaign ?? '']: 'launch',
		})
	})

	test('shows hostile campaign values as text, cut to length, and drops what is not a site name', async () => {
		const page = await visitor('Hostile')
		const dialogs: string[] = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		const campaign = `<img src=x onerror=alert(1)>${'w'.repeat(300)}`
		const landing = counted(page, '/pricing')
		await page.goto(
			`${site.url}/pricing?utm_campaign=${encodeURIComponent(campaign)}&utm_source=${encodeURIComponent('<b>\u202Eevil</b>')}`,
			{ referer: 'https://user:secret@www.Search.Example/?q=private' },
		)
		await landing
		await page.goto(`${site.url}/contact`)
		await sendContactMessage(page, 'Hugo Hostile')
		const { visit, markup } = await visitOf('Hugo Hostile')
		expect(visit).toEqual({
			[labels.landing_path ?? '']: '/pricing',
			[labels.referrer_host ?? '']: 'search.example',
			[labels.utm_source ?? '']: '<b>evil</b>',
			[labels.utm_campaign ?? '']: `<img src=x onerror=alert(1)>${'w'.repeat(72)}`,
		})
		expect(markup).toBe(0)
		expect(dialogs).toEqual([])
	})
	test('shows the visits, leads and conversion under the campaign on the dashboard, as the report prints them', async () => {
		const page = await operator.newPage()
		await page.goto(`${site.url}/admin/insights?period=7`)
		const { campaigns, referrers } = insightsCopy
		expect(await tableRows(page, campaigns.heading)).toContainEqual([
			'launch',
			'newsletter',
			campaigns.none,
			'3',
			'3',
			'100%',
		])
		expect(await tableRows(page, referrers.heading)).toContainEqual(['news.example.com', '2', '2', '100%'])
		await page.close()

		expect(await site.server.stop()).toBe(0)
		const report = await insightsReport({ dataDir: site.server.dataDir ?? '' }, ['--days', '7'])
		expect(report.code, report.stderr).toBe(0)
		expect(reportLines(report.stdout)).toContainEqual(['launch', 'newsletter', '-', '3', '3', '100.0%'])
		expect(reportLines(report.stdout)).toContainEqual(['news.example.com', '2', '2', '100.0%'])
	})
})
