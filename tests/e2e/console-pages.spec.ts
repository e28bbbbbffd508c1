import type { BrowserContext, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import {
	accountCopy,
	auditCopy,
	backupCopy,
	confirmCopy,
	consoleCopy,
	invitationCopy,
	operatorsCopy,
	outboxCopy,
	resetCopy,
	signInCopy,
} from '#app/content/console.ts'
import { inboxCopy } from '#app/content/inbox.ts'
import { insightsCopy } from '#app/content/insights.ts'
import { mediaCopy } from '#app/content/media.ts'
import { newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import { postsCopy } from '#app/content/posts.ts'
import { redirectsCopy } from '#app/content/redirects.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { openSignedInBrowser, sidewaysScroll, viewports, waitForHydration } from '../support/browser.ts'
import {
	addOperator,
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	invite,
	operatorId,
	type Person,
	postAndFollow,
	postEditorForm,
	rawRequest,
	signedIn,
	startConsoleServer,
} from '../support/console-server.ts'
import { type HtmlError, htmlErrors } from '../support/html-validator.ts'
import { startSmtpServer } from '../support/smtp-server.ts'

const owner: Person = { displayName: 'Olive Owner', email: 'olive@example.com', password: 'amber-lantern-drift-84' }
const editor: Person = { displayName: 'Edie Editor', email: 'edie@example.com', password: 'edie-edits-the-posts-1' }
const reader = 'reader@example.com'
const leadName = 'Carla Contact'
const note = 'Call back on Monday about the quince names'
/** The post saved twice after it was created (so it has revisions), then emailed: its title in the end. */
const postTitle = 'Parked domains that earn their keep'
const sends = newsletterSendsCopy
/** The redirects page (console-paths names no constant for it). */
const REDIRECTS_PATH = '/admin/redirects'

type Who = 'owner' | 'editor' | 'nobody'

/** A console page with data: who opens it, the heading it shows, what else to wait for, the status it answers. */
type ConsolePage = {
	name: string
	path: string
	who: Who
	heading: string
	status?: number
	ready?: (page: Page) => Locator
}

/** A form post as a visitor's browser sends it from the site. */
async function sendLead(site: ConsoleServer, path: string, fields: Record<string, string>) {
	const response = await fetch(`${site.url}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
		body: new URLSearchParams(fields),
	})
	expect([path, response.status]).toEqual([path, 200])
}

/** A console post that must succeed (Post/Redirect/Get); the page it leads to is read once, as a browser would. */
async function posted(url: string, cookie: string, form: Record<string, string>) {
	const answer = await postAndFollow(url, cookie, form)
	expect([url, answer.posted.status]).toEqual([url, 303])
	return { location: new URL(answer.posted.location ?? '', url).pathname, body: answer.page.body }
}

/** The path and query of a link the console shows, on the test server's origin. */
const pathOf = (link: string) => `${new URL(link).pathname}${new URL(link).search}`

test.describe('console pages with data, at phone and desktop widths', () => {
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	let site: ConsoleServer
	const cookies: Record<Who, string> = { owner: '', editor: '', nobody: '' }
	const pages: ConsolePage[] = []
	const documents: { name: string; status: number; html: string }[] = []
	let validation: Promise<HtmlError[]>

	/** A session of the owner's own: seeding runs in parallel, and a link shown once is shown to its session. */
	async function ownerSession() {
		const cookie = await signedIn(site, owner)
		const token = await csrfToken(site, cookie)
		return { cookie, token, form: (fields: Record<string, string>) => ({ [CSRF_FIELD]: token, ...fields }) }
	}
	type OwnerSession = Awaited<ReturnType<typeof ownerSession>>

	/** Leads of three forms, the contact message with a note; its page's path. */
	async function seedInbox({ cookie, form }: OwnerSession) {
		// The newsletter sign-up's confirmation mail makes the subscriber the send goes to.
		await sendLead(site, '/newsletter', { email: reader, name: 'Rita Reader', source: 'blog_sidebar' })
		await sendLead(site, '/contact', {
			name: leadName,
			email: 'carla@example.com',
			subject: 'Question from Carla',
			message: 'We hold quince names and want them to earn.',
		})
		await sendLead(site, '/beta-application', {
			full_name: 'Bert Beta',
			email: 'bert@example.com',
			company_name: 'Bert Holdings',
			domain_count: '12',
			current_solution: '',
			why_interested: 'Tired of parking pages',
		})
		const inbox = await rawRequest(`${site.url}${consolePaths.inbox}`, { cookie })
		const lead = /href="(\/admin\/inbox\/contact\/\d+)"/.exec(inbox.body)?.[1] ?? ''
		expect(lead).not.toBe('')
		await posted(`${site.url}${lead}?intent=note`, cookie, form({ body: note }))
		return lead
	}

	/** A second operator (an editor) with a password reset link, and a pending invitation; both links. */
	async function seedOperators({ cookie, form }: OwnerSession) {
		cookies.editor = await addOperator(site, cookie, editor, 'editor')
		const invitation = await invite(site, cookie, 'ivy@example.com', 'editor')
		const editorId = await operatorId(site, cookie, editor.displayName)
		const reset = await posted(
			`${site.url}${consolePaths.operators}?intent=operator`,
			cookie,
			form({ intent: 'reset', id: editorId, role: '' }),
		)
		// Shown once, on the page the post leads to.
		const resetLink = /https?:\/\/[^\s"<\\]+\/admin\/reset-password\?token=[\w-]+/.exec(reset.body)?.[0] ?? ''
		expect(resetLink).not.toBe('')
		return { invitation: pathOf(invitation), reset: pathOf(resetLink) }
	}

	/** An image, a redirect and two published posts, the first saved twice more; its id and its oldest revision. */
	async function seedPublishing({ cookie, token, form }: OwnerSession) {
		const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2d6cdf' } })
			.png()
			.toBuffer()
		const upload = new FormData()
		upload.set(CSRF_FIELD, token)
		upload.set('image', new Blob([new Uint8Array(png)]), 'cover.png')
		const uploaded = await fetch(`${site.url}${consolePaths.mediaUpload}`, {
			method: 'POST',
			body: upload,
			headers: { accept: 'application/json', origin: site.url, cookie },
		})
		expect(uploaded.status).toBe(200)
		const image = { featuredImage: ((await uploaded.json()) as { url: string }).url, featuredImageAlt: 'A blue field' }

		await posted(
			`${site.url}${REDIRECTS_PATH}?intent=add`,
			cookie,
			form({ from: '/old-pricing', to: '/pricing', statusCode: '301' }),
		)

		const body = [
			'## Why it matters',
			'Parked names can **earn**: see the [pricing](/pricing).',
			'- One landing page\n- One offer',
			'More at https://www.example.com/blog/parked-domains-that-earn-their-keep-with-a-landing-page',
		].join('\n\n')
		const created = await posted(`${site.url}${consolePaths.newPost}`, cookie, {
			...postEditorForm(token, { title: 'Parked domains that earn', body, intent: 'publish' }),
			...image,
		})
		const postId = Number(/^\/admin\/posts\/(\d+)$/.exec(created.location)?.[1])
		for (const title of ['Parked domains that pay', postTitle]) {
			const editorPage = await rawRequest(`${site.url}${consolePaths.post(postId)}`, { cookie })
			// A save names the version it was made from.
			const updatedAt = /name="updatedAt" value="([^"]+)"/.exec(editorPage.body)?.[1] ?? ''
			await posted(`${site.url}${consolePaths.post(postId)}`, cookie, {
				...postEditorForm(token, { title, body: `${body}\n\nSaved as “${title}”.`, intent: 'publish' }),
				...image,
				intent: 'save',
				updatedAt,
			})
		}
		await posted(
			`${site.url}${consolePaths.newPost}`,
			cookie,
			postEditorForm(token, {
				title: 'Renewals without surprises',
				body: 'Renew early, renew once.',
				intent: 'publish',
			}),
		)
		const revisions = await rawRequest(`${site.url}${consolePaths.postRevisions(postId)}`, { cookie })
		// Newest first: the last is the oldest revision, whose comparison shows every field changed since.
		const revisionId = [...revisions.body.matchAll(/\?compare=(\d+)/g)].map((match) => match[1]).at(-1)
		expect(revisionId).toBeDefined()
		return { postId, revisionId }
	}

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		smtp = await startSmtpServer()
		site = await startConsoleServer({
			env: { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '60000', RATE_LIMIT_MAX: '100' },
		})
		cookies.owner = (await createFirstOperator(site, owner)).cookie
		const publisher = await ownerSession()
		const [lead, links, { postId, revisionId }] = await Promise.all([
			ownerSession().then(seedInbox),
			ownerSession().then(seedOperators),
			seedPublishing(publisher),
		])

		// The reader confirms the sign-up from the mail; the post then goes to them, and its send finishes.
		await expect.poll(() => smtp.mails.some((mail) => mail.to.includes(reader)), { timeout: 30_000 }).toBe(true)
		const confirm = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(smtp.textTo(reader))?.[0] ?? ''
		const confirmed = await fetch(`${site.url}${pathOf(confirm)}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
			body: '',
		})
		expect(confirmed.status).toBe(200)
		const send = await posted(
			`${site.url}${consolePaths.postEmail(postId)}?intent=send`,
			publisher.cookie,
			publisher.form({ confirm: 'yes' }),
		)
		expect(send.location).toMatch(/^\/admin\/newsletter\/\d+$/)
		const finished = new RegExp(`<h2[^>]*>${sends.statuses.finished}</h2>`)
		const report = () => rawRequest(`${site.url}${send.location}`, { cookie: cookies.owner })
		await expect.poll(async () => finished.test((await report()).body), { timeout: 30_000 }).toBe(true)

		const ownerPage = (name: string, path: string, heading: string, ready?: ConsolePage['ready']): ConsolePage => ({
			name,
			path,
			who: 'owner',
			heading,
			ready,
		})
		pages.push(
			ownerPage('the inbox with leads', consolePaths.inbox, inboxCopy.heading),
			ownerPage('a lead with a note', lead, leadName, (page) => page.getByText(note, { exact: true })),
			ownerPage("a lead's erase page", `${lead}/erase`, inboxCopy.erase.heading),
			ownerPage('the posts', consolePaths.posts, postsCopy.heading),
			// The body's editor loads after the page.
			ownerPage("a post's editor", consolePaths.post(postId), postsCopy.editor.editTitle(postTitle), (page) =>
				page.locator('.cm-content'),
			),
			ownerPage("a post's revisions", consolePaths.postRevisions(postId), postsCopy.revisions.heading(postTitle)),
			ownerPage(
				'a revision compared with the current version',
				`${consolePaths.postRevisions(postId)}?compare=${revisionId}`,
				postsCopy.revisions.heading(postTitle),
				(page) => page.getByRole('region', { name: postsCopy.revisions.comparing }),
			),
			ownerPage("a post's preview", consolePaths.postPreview(postId), postTitle),
			ownerPage("an emailed post's email page", consolePaths.postEmail(postId), sends.email.heading),
			ownerPage('the newsletter sends', consolePaths.newsletterSends, sends.heading),
			ownerPage("a send's report", send.location, sends.report.title(postTitle), (page) =>
				page.getByRole('heading', { level: 2, name: sends.statuses.finished }),
			),
			ownerPage('the media with an image', consolePaths.media, mediaCopy.heading),
			ownerPage('the redirects with one', REDIRECTS_PATH, redirectsCopy.heading),
			ownerPage('the operators with an invitation', consolePaths.operators, operatorsCopy.heading),
			ownerPage('the audit log', consolePaths.auditLog, auditCopy.heading),
			ownerPage('the outbox', consolePaths.outbox, outboxCopy.heading),
			ownerPage('a new post', consolePaths.newPost, postsCopy.editor.newTitle, (page) => page.locator('.cm-content')),
			ownerPage('the insights', consolePaths.insights, insightsCopy.heading),
			ownerPage('the backup page', consolePaths.backup, backupCopy.heading),
			ownerPage('the account with its time zone', consolePaths.account, accountCopy.heading),
			ownerPage('the password asked again', consolePaths.confirm(consolePaths.backup), confirmCopy.heading),
			{
				name: 'a console page that does not exist',
				path: '/admin/no-such-page',
				who: 'owner',
				heading: consoleCopy.notFound.heading,
				status: 404,
			},
			{ name: 'the sign-in page', path: consolePaths.signIn, who: 'nobody', heading: signInCopy.heading },
			{
				name: 'the refused page (an editor in the inbox)',
				path: consolePaths.inbox,
				who: 'editor',
				heading: consoleCopy.forbidden.heading,
				status: 403,
			},
			{ name: 'a password reset link', path: links.reset, who: 'nobody', heading: resetCopy.heading },
			{
				name: 'a forged password reset link',
				path: `${consolePaths.resetPassword}?token=forged`,
				who: 'nobody',
				heading: consoleCopy.notFound.heading,
				status: 404,
			},
			{ name: 'an invitation link', path: links.invitation, who: 'nobody', heading: invitationCopy.heading },
		)
		for (const { name, path, who } of pages) {
			const answer = await rawRequest(`${site.url}${path}`, { cookie: cookies[who] || undefined })
			documents.push({ name, status: answer.status, html: answer.body })
		}
		// The checker runs while the browsers go through the pages; the last test reads its answer.
		validation = htmlErrors(documents)
		validation.catch(() => {})
	})
	test.afterAll(async () => {
		await site?.server.stop()
		await smtp?.close()
	})

	/** Opens a page and checks it at both widths; soft, so every page is checked and each failure names its page. */
	async function checkPage(page: Page, { name, path, heading, ready }: ConsolePage) {
		await page.goto(`${site.url}${path}`)
		await waitForHydration(page)
		await expect.soft(page.getByRole('heading', { level: 1, name: heading }), name).toBeVisible()
		if (ready) await expect.soft(ready(page).first(), name).toBeVisible()
		for (const [width, viewport] of Object.entries(viewports)) {
			await page.setViewportSize(viewport)
			expect.soft([name, width, await accessibilityViolations(page)]).toEqual([name, width, []])
			if (viewport.width === viewports.phone.width) expect.soft([name, await sidewaysScroll(page)]).toEqual([name, 0])
		}
	}

	test('has no axe violations at 390 and 1280 px, and does not scroll sideways at 390 px, on every page', async ({
		browser,
	}) => {
		test.setTimeout(180_000)
		const contexts = {} as Record<Who, BrowserContext>
		for (const who of ['owner', 'editor', 'nobody'] as const)
			contexts[who] = await openSignedInBrowser(browser, cookies[who])
		try {
			// Two tabs at a time: axe takes most of the time, and a second tab keeps both cores busy.
			const lanes = 2
			await Promise.all(
				Array.from({ length: lanes }, async (_, lane) => {
					const tabs = new Map<Who, Page>()
					for (const entry of pages.filter((_, index) => index % lanes === lane)) {
						const page = tabs.get(entry.who) ?? (await contexts[entry.who].newPage())
						tabs.set(entry.who, page)
						await checkPage(page, entry)
					}
				}),
			)
		} finally {
			await Promise.all(Object.values(contexts).map((context) => context.close()))
		}
	})

	test('serves every page as valid HTML, with the status it should', async () => {
		expect(documents.map(({ name, status }) => [name, status])).toEqual(
			pages.map(({ name, status }) => [name, status ?? 200]),
		)
		expect(await validation).toEqual([])
	})
})
