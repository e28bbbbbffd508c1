import { auditActions, consoleCopy, consoleLimits, operatorsCopy, signInCopy } from '#app/content/console.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import routeTable from '#app/routes.ts'
import { expect, test } from '#tests/support/test.ts'
import { consoleActions, dataUrl } from '../support/console-actions.ts'
import {
	addOperator,
	type ConsoleServer,
	createFirstOperator,
	csrfToken,
	loggedSetupLink,
	operatorId,
	type Person,
	postAndFollow,
	postEditorForm,
	rawRequest,
	signedIn,
	signIn,
	startConsoleServer,
} from '../support/console-server.ts'
import { sendRequest } from '../support/raw-request.ts'
import { auditedRoutes } from '../support/site-routes.ts'

const ada: Person = { displayName: 'Ada Admin', email: 'ada@example.com', password: 'violet-harbor-quilt-59' }
const lena: Person = { displayName: 'Lena Locked', email: 'lena@example.com', password: 'copper-meadow-sloth-74' }
const dora: Person = { displayName: 'Dora Disabled', email: 'dora@example.com', password: 'amber-lantern-fjord-83' }

/** Every console page a signed-in operator opens. */
const consolePages = [
	'/admin/inbox',
	'/admin/inbox/contact/1',
	'/admin/inbox/contact/1/erase',
	'/admin/posts',
	'/admin/posts/new',
	'/admin/posts/1',
	'/admin/posts/1/preview',
	'/admin/posts/1/revisions',
	'/admin/posts/1/email',
	'/admin/newsletter',
	'/admin/newsletter/1',
	'/admin/insights',
	'/admin/backup',
	'/admin/outbox',
	'/admin/media',
	'/admin/redirects',
	'/admin/operators',
	'/admin/audit-log',
	'/admin/account',
	'/admin/confirm',
]

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] }

/** Every URL pattern of the route table with the module that serves it. */
function routePaths(entries: RouteEntry[], parent = ''): { path: string; file: string }[] {
	return entries.flatMap((entry) => {
		const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent
		const own = entry.path !== undefined || entry.index ? [{ path: path || '/', file: entry.file }] : []
		return [...own, ...routePaths(entry.children ?? [], path)]
	})
}

/** Signed out, an answer must not carry anything an operator's page holds. */
function expectNoConsoleData(body: string) {
	for (const secret of [ada.email, ada.displayName, dora.email, lena.email, 'lee@example.com'])
		expect(body).not.toContain(secret)
}

function expectConsoleHeaders(response: Response, what: string) {
	expect(response.headers.get('cache-control'), what).toContain('no-store')
	expect(response.headers.get('x-robots-tag'), what).toContain('noindex')
	expect(response.headers.get('cross-origin-opener-policy'), what).toBe('same-origin')
}

test.describe('console security', () => {
	let site: ConsoleServer
	/** The same site as if served over https (for raw requests: the server itself speaks http). */
	let secure: ConsoleServer
	/** Ada's first session, signed in by the setup link. */
	let session: string
	/** The post the example address of a post's pages stands for (imported sample posts come first). */
	let postId: string
	const real = (path: string) => path.replace(/^\/admin\/posts\/1(?=[/?]|$)/, `/admin/posts/${postId}`)

	test.beforeAll(async () => {
		;[site, secure] = await Promise.all([startConsoleServer(), startConsoleServer({ scheme: 'https' })])
		session = (await createFirstOperator(site, ada)).cookie
		// The lead the example address of a lead's pages names.
		const lead = await fetch(`${site.url}/contact`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
			body: new URLSearchParams({ name: 'Lee', email: 'lee@example.com', subject: 'Hello', message: 'Hi there' }),
		})
		expect(lead.status).toBe(200)
		// The post the example address of a post's pages names.
		const post = await rawRequest(`${site.url}/admin/posts/new`, {
			cookie: session,
			form: postEditorForm(await csrfToken(site, session), { title: 'A post', body: 'Text', intent: 'draft' }),
		})
		expect(post.status).toBe(303)
		postId = /^\/admin\/posts\/(\d+)\?done=created$/.exec(post.location ?? '')?.[1] ?? ''
		expect(postId).toMatch(/^\d+$/)
	})
	test.afterAll(async () => {
		await Promise.all([site?.server.stop(), secure?.server.stop()])
	})

	test('checks every console page of the route table (a new one must be added to the lists above)', () => {
		const doors = ['/admin', '/admin/sign-in', '/admin/setup', '/admin/invitation', '/admin/reset-password']
		const consoleRoutes = routePaths(routeTable as RouteEntry[])
			.filter(({ path }) => path.startsWith('/admin') && !doors.includes(path))
			// Resource routes (no page) answer for themselves: the exports and the passkey and sign-out endpoints.
			.filter(({ file }) => file.endsWith('.tsx'))
			.map(({ path }) => (path === '/admin/*' ? '/admin/no-such-page' : path))
			// A lead's pages, by an example address.
			.map((path) => path.replace(':kind', 'contact').replace(':id', '1'))
		expect(consoleRoutes.length).toBeGreaterThan(5)
		for (const path of consoleRoutes) expect([...consolePages, '/admin/no-such-page'], path).toContain(path)
	})

	test('sends every console page signed out to the sign-in page, and refuses its data and its forms (401, no data)', async () => {
		for (const path of [...consolePages, '/admin/no-such-page', '/admin/operators?operator=1']) {
			const page = await rawRequest(`${site.url}${path}`)
			expect([path, page.status, page.location]).toEqual([path, 303, `/admin?next=${encodeURIComponent(path)}`])
			expectConsoleHeaders(page.response, path)
			expectNoConsoleData(page.body)

			const data = await rawRequest(`${site.url}${dataUrl(path)}`)
			expect([path, data.status]).toEqual([path, 401])
			expectConsoleHeaders(data.response, dataUrl(path))
			expectNoConsoleData(data.body)
		}
		const forms = { [CSRF_FIELD]: 'guess', email: 'new@example.com', intent: 'disable', id: '1', session: '' }
		for (const { path } of consoleActions) {
			for (const url of [path, dataUrl(path)]) {
				const post = await rawRequest(`${site.url}${url}`, { form: forms })
				expect([url, post.status]).toEqual([url, 401])
				expect(post.session, url).toBeNull()
				expectConsoleHeaders(post.response, url)
				expectNoConsoleData(post.body)
			}
		}
		// The exports answer a script too: without a session (and no ADMIN_TOKEN set) there is nothing there.
		const csv = await rawRequest(`${site.url}/admin/export/contact_messages.csv`)
		expect([401, 404]).toContain(csv.status)
		expectNoConsoleData(csv.body)
		const inboxCsv = await rawRequest(`${site.url}/admin/inbox/export.csv`)
		expect([inboxCsv.status, inboxCsv.location]).toEqual([303, '/admin?next=%2Fadmin%2Finbox%2Fexport.csv'])
		expectNoConsoleData(inboxCsv.body)
		// Nothing above changed anything: no invitation was created.
		const operators = await rawRequest(`${site.url}/admin/operators`, { cookie: session })
		expect(operators.body).toContain(operatorsCopy.pendingNone)
	})

	test('answers a sign-out without a session by clearing the cookie and showing the sign-in page', async () => {
		const post = await rawRequest(`${site.url}/admin/sign-out`, { form: { [CSRF_FIELD]: 'guess' } })
		expect([post.status, post.location]).toEqual([303, '/admin'])
		expect(post.response.headers.get('set-cookie')).toMatch(/^operator_session=; Max-Age=0; Path=\/admin/)
		expectNoConsoleData(post.body)
	})

	test('exports a table for a signed-in operator (audited), but not for a link on another site', async () => {
		const path = '/admin/export/contact_messages.csv'
		// Node's fetch sends its own Sec-Fetch-Mode: these requests go through http.request, as a browser's would.
		const navigate = (cookie?: string, fetchSite?: string) =>
			sendRequest(site.url, 'GET', path, {
				'sec-fetch-mode': 'navigate',
				...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
				...(cookie ? { cookie } : {}),
			})
		const signedOut = await navigate()
		expect([signedOut.status, signedOut.location]).toEqual([303, `/admin?next=${encodeURIComponent(path)}`])
		const cookie = await signedIn(site, ada)
		const mine = await navigate(cookie, 'same-origin')
		expect(mine.status).toBe(200)
		expect(mine.body.split('\r\n')[0]).toMatch(/^id,name,email,subject,message,status,created_at,/)
		const elsewhere = await navigate(cookie, 'cross-site')
		expect([elsewhere.status, elsewhere.location]).toEqual([303, '/admin/inbox'])
		const log = await rawRequest(`${site.url}/admin/audit-log?action=export.downloaded`, { cookie })
		expect(log.body.match(/<tr>/g)?.length).toBe(2)
	})

	test('pages the audit log fifty entries at a time, with a way back to the newest that keeps the filter', async () => {
		const token = await csrfToken(site, session)
		for (let n = 0; n <= consoleLimits.auditPageSize; n++) {
			const added = await rawRequest(`${site.url}/admin/redirects?intent=add`, {
				cookie: session,
				form: { [CSRF_FIELD]: token, from: `/paged-${n}`, to: '/pricing', statusCode: '301' },
			})
			expect(added.status).toBeLessThan(400)
		}
		const rows = (html: string) => html.match(/<tr>/g)?.length ?? 0
		const links = (html: string) => ({
			older: /<a [^>]*href="([^"]+)"[^>]*>Older entries<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null,
			newest: /<a [^>]*href="([^"]+)"[^>]*>Newest entries<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null,
		})
		const first = await rawRequest(`${site.url}/admin/audit-log?action=redirect.created`, { cookie: session })
		expect(rows(first.body)).toBe(consoleLimits.auditPageSize + 1)
		const older = links(first.body).older
		expect([older, links(first.body).newest]).toEqual([
			expect.stringMatching(/action=redirect.created&before=\d+$/),
			null,
		])
		const second = await rawRequest(new URL(older ?? '', `${site.url}/admin/audit-log`).href, { cookie: session })
		expect(rows(second.body)).toBe(2)
		expect(links(second.body)).toEqual({ older: null, newest: '/admin/audit-log?action=redirect.created' })
	})

	test('guards console addresses written in another case or percent-encoded, as React Router matches them', async () => {
		for (const path of ['/ADMIN/operators', '/Admin/Operators', '/%61dmin/operators', '/admin/%6Fperators']) {
			const page = await rawRequest(`${site.url}${path}`)
			expect([path, page.status]).toEqual([path, 303])
			expectConsoleHeaders(page.response, path)
			expectNoConsoleData(page.body)
		}
		const link = await rawRequest(`${site.url}/ADMIN/reset-password?token=forged`)
		expectConsoleHeaders(link.response, 'an upper-case link')
	})

	test('answers the setup page without a usable token with a 404, and the sign-in page signed out', async () => {
		for (const path of ['/admin/setup', '/admin/setup?token=forged', new URL(site.setupLink).search]) {
			const url = path.startsWith('?') ? `${site.url}/admin/setup${path}` : `${site.url}${path}`
			const setup = await rawRequest(url)
			// The real link was used by the first operator: it is gone too.
			expect([path, setup.status]).toEqual([path, 404])
			expectConsoleHeaders(setup.response, path)
		}
		for (const path of ['/admin/invitation', '/admin/invitation?token=forged', '/admin/reset-password?token=x']) {
			expect([path, (await rawRequest(`${site.url}${path}`)).status]).toEqual([path, 404])
		}
		const signInPage = await rawRequest(`${site.url}/admin`)
		expect(signInPage.status).toBe(200)
		expect(signInPage.body).toContain(signInCopy.heading)
		expect(signInPage.session).toBeNull()
		expectConsoleHeaders(signInPage.response, '/admin')
	})

	test('marks every console answer no-store, noindex and same-origin opener policy, and robots.txt keeps crawlers out of /admin', async () => {
		for (const path of [...consolePages.map(real), '/admin/no-such-page']) {
			const page = await rawRequest(`${site.url}${path}`, { cookie: session })
			// No newsletter send exists here: its report answers with the console's 404 page.
			const missing = path === '/admin/no-such-page' || path === '/admin/newsletter/1'
			expect([path, page.status]).toEqual([path, missing ? 404 : 200])
			expectConsoleHeaders(page.response, path)
			if (page.status === 200) expect(page.body, path).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/)
			const data = await rawRequest(`${site.url}${dataUrl(path)}`, { cookie: session })
			expectConsoleHeaders(data.response, dataUrl(path))
		}
		const post = await rawRequest(`${site.url}/admin/account?intent=sessions`, {
			cookie: session,
			form: { [CSRF_FIELD]: await csrfToken(site, session), intent: 'end', session: 'no-such-session' },
		})
		// Without JavaScript a done post answers 303 to the page (Post/Redirect/Get).
		expect(post.status).toBe(303)
		expectConsoleHeaders(post.response, 'a console form post')
		const wrong = await signIn(site, { email: 'nobody@example.com', password: 'not-the-password' })
		expect(wrong.status).toBe(401)
		expectConsoleHeaders(wrong.response, 'a failed sign-in')

		const robots = await rawRequest(`${site.url}/robots.txt`)
		expect(robots.status).toBe(200)
		expect(robots.body.split('\n')).toContain('Disallow: /admin')
	})

	test('sets the session cookie HttpOnly, SameSite=Lax, on /admin only, and clears it at sign-out', async () => {
		const answer = await signIn(site, { ...ada, next: '/admin/operators' })
		expect(answer.status).toBe(303)
		expect(answer.location).toBe('/admin/operators')
		expect(answer.session?.name).toBe('operator_session')
		expect(answer.session?.value).toMatch(/^[\w-]{32,}$/)
		expect(answer.session?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/admin']))
		// The site is served over http here: a Secure cookie would never come back.
		expect(answer.session?.attributes.map((a) => a.toLowerCase())).not.toContain('secure')
		expectConsoleHeaders(answer.response, 'the sign-in redirect')

		const cookie = answer.session?.cookie ?? ''
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie })).status).toBe(200)
		const signOut = await rawRequest(`${site.url}/admin/sign-out`, {
			cookie,
			form: { [CSRF_FIELD]: await csrfToken(site, cookie) },
		})
		expect(signOut.status).toBe(303)
		expect(signOut.location).toBe('/admin')
		expect(signOut.session?.value).toBe('')
		expect(signOut.session?.attributes).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/admin']))
		// The session itself has ended, not just the cookie: a copy of it is refused.
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie })).status).toBe(303)
		expect((await rawRequest(`${site.url}/admin/inbox.data`, { cookie })).status).toBe(401)
	})

	test('names the cookie __Secure- and marks it Secure when the site is served over https', async () => {
		expect(loggedSetupLink(secure.server.output())).toMatch(/^https:\/\/localhost:\d+\/admin\/setup\?token=/)
		const created = await createFirstOperator(secure, ada)
		expect(created.session?.name).toBe('__Secure-operator_session')
		expect(created.session?.attributes).toEqual(
			expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/admin']),
		)

		const answer = await signIn(secure, ada)
		expect(answer.status).toBe(303)
		expect(answer.session?.name).toBe('__Secure-operator_session')
		expect(answer.session?.attributes).toEqual(
			expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/admin']),
		)
		const value = answer.session?.value ?? ''
		expect(
			(await rawRequest(`${secure.url}/admin/inbox`, { cookie: `__Secure-operator_session=${value}` })).status,
		).toBe(200)
		// The same id under the name a plain-http page could set is not the session.
		const plain = await rawRequest(`${secure.url}/admin/inbox`, { cookie: `operator_session=${value}` })
		expect(plain.status).toBe(303)
		const signOut = await rawRequest(`${secure.url}/admin/sign-out`, {
			cookie: answer.session?.cookie,
			form: { [CSRF_FIELD]: await csrfToken(secure, answer.session?.cookie ?? '') },
		})
		expect(signOut.session?.name).toBe('__Secure-operator_session')
		expect(signOut.session?.attributes).toEqual(expect.arrayContaining(['Secure', 'Max-Age=0']))
	})

	test('refuses a cross-site post or one without the session’s CSRF token, even with a valid session cookie', async () => {
		const token = await csrfToken(site, session)
		const attempts: { what: string; form: Record<string, string>; headers?: Record<string, string> }[] = [
			{
				what: 'another site’s Origin',
				form: { [CSRF_FIELD]: token, email: 'origin@example.com' },
				headers: { origin: 'https://evil.example' },
			},
			{
				what: 'Sec-Fetch-Site: cross-site',
				form: { [CSRF_FIELD]: token, email: 'fetch-site@example.com' },
				headers: { 'sec-fetch-site': 'cross-site' },
			},
			{ what: 'no CSRF field', form: { email: 'no-token@example.com' } },
			{ what: 'a wrong CSRF field', form: { [CSRF_FIELD]: `${token}x`, email: 'wrong-token@example.com' } },
		]
		for (const { what, form, headers } of attempts) {
			for (const path of ['/admin/operators?intent=invite', dataUrl('/admin/operators?intent=invite')]) {
				const post = await rawRequest(`${site.url}${path}`, { cookie: session, form, headers })
				// React Router refuses a post whose Origin is another host (400) before the console's own check (403).
				if (what === 'another site’s Origin') expect([400, 403], `${what} ${path}`).toContain(post.status)
				else expect([what, path, post.status]).toEqual([what, path, 403])
				expect(post.body).not.toContain('/admin/invitation?token=')
			}
		}
		const signOut = await rawRequest(`${site.url}/admin/sign-out`, { cookie: session, form: {} })
		expect(signOut.status).toBe(403)
		expect(signOut.session).toBeNull()

		// None of them did anything; the same post from the console itself does.
		const operators = await rawRequest(`${site.url}/admin/operators`, { cookie: session })
		expect(operators.status).toBe(200)
		expect(operators.body).toContain(operatorsCopy.pendingNone)
		const sameSite = await postAndFollow(`${site.url}/admin/operators?intent=invite`, session, {
			[CSRF_FIELD]: token,
			email: 'invited@example.com',
		})
		expect(sameSite.posted.status).toBe(303)
		expect(sameSite.page.body).toContain(operatorsCopy.invitationShown('invited@example.com'))
		const log = await rawRequest(`${site.url}/admin/audit-log?action=invitation.created`, { cookie: session })
		expect(log.body).toContain('invited@example.com')
		for (const { form } of attempts) expect(log.body).not.toContain(form.email)
	})

	test('never adopts a session id the browser carried before signing in', async () => {
		const planted = 'operator_session=planted-by-someone-else-0123456789abcdef'
		const answer = await signIn(site, ada, { cookie: planted })
		expect(answer.status).toBe(303)
		expect(answer.session?.cookie).toBeDefined()
		expect(answer.session?.cookie).not.toBe(planted)
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: planted })).status).toBe(303)
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: answer.session?.cookie })).status).toBe(200)

		// A real session carried into a new sign-in (say one someone else copied) is ended, not continued.
		const before = answer.session?.cookie ?? ''
		const again = await signIn(site, ada, { cookie: before })
		expect(again.status).toBe(303)
		expect(again.session?.cookie).not.toBe(before)
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: before })).status).toBe(303)
		expect((await rawRequest(`${site.url}/admin/inbox.data`, { cookie: before })).status).toBe(401)
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: again.session?.cookie })).status).toBe(200)

		// With JavaScript the form posts to /admin/sign-in.data, which the cookie (Path=/admin) reaches too.
		const third = await rawRequest(`${site.url}/admin/sign-in.data`, {
			cookie: again.session?.cookie,
			form: { email: ada.email, password: ada.password, next: '' },
		})
		expect(third.session?.cookie).toBeDefined()
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: again.session?.cookie })).status).toBe(303)
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: third.session?.cookie })).status).toBe(200)
	})

	test('sends an operator only to a console path after signing in, whatever `next` says', async () => {
		const hostile = [
			'https://evil.example',
			'//evil.example/admin',
			'/\\evil.example',
			'/admin@evil.example',
			'javascript:alert(1)',
			'/admin/../../evil',
			'/blog',
		]
		const cookie = await signedIn(site, ada)
		for (const next of hostile) {
			const opened = await rawRequest(`${site.url}/admin?next=${encodeURIComponent(next)}`, { cookie })
			expect([next, opened.status]).toEqual([next, 302])
			const location = new URL(opened.location ?? '', site.url)
			expect([next, location.origin]).toEqual([next, site.url])
			expect(location.pathname, next).toMatch(/^\/admin\//)
		}
		const direct = await rawRequest(`${site.url}/admin?next=https://evil.example`, { cookie })
		expect(direct.location).toBe('/admin/inbox')
		for (const next of hostile.slice(0, 3)) {
			const answer = await signIn(site, { ...ada, next })
			expect([next, answer.status, answer.location]).toEqual([next, 303, '/admin/inbox'])
		}
		const wanted = await signIn(site, { ...ada, next: '/admin/audit-log?action=sign_in' })
		expect(wanted.location).toBe('/admin/audit-log?action=sign_in')
	})

	test('answers a lead form posted past its rate limit with 429 and when to try again, as a page and as data', async () => {
		const post = (path: string) =>
			fetch(`${site.url}${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
				body: new URLSearchParams({ email: 'often@example.com', source: 'newsletter-page' }),
			})
		const statuses: number[] = []
		let refused: Response | undefined
		while (!refused && statuses.length < 10) {
			const answer = await post('/newsletter')
			statuses.push(answer.status)
			if (answer.status === 429) refused = answer
		}
		expect(statuses.at(-1)).toBe(429)
		for (const answer of [refused, await post('/newsletter.data')]) {
			expect(answer?.status).toBe(429)
			expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThan(0)
		}
	})

	test('locks an account after repeated wrong passwords: then the right one is refused too, and the audit log says so', async () => {
		await addOperator(site, session, lena)
		const wrong = { email: lena.email, password: 'not-lenas-password-1' }
		const statuses: number[] = []
		for (let attempt = 1; attempt <= 6; attempt++) {
			const answer = await signIn(site, wrong)
			statuses.push(answer.status)
			expect(answer.session).toBeNull()
			expect(answer.body).toContain(attempt <= 5 ? signInCopy.wrong : signInCopy.locked(15, 'pair'))
		}
		expect(statuses).toEqual([401, 401, 401, 401, 401, 429])

		const right = await signIn(site, lena)
		expect(right.status).toBe(429)
		// The pause's 15 minutes, said to scripts and crawlers too.
		expect(Number(right.response.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
		expect(Number(right.response.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
		expect(right.session).toBeNull()
		expect(right.body).toContain(signInCopy.locked(15, 'pair'))

		const log = await rawRequest(`${site.url}/admin/audit-log?action=sign_in.locked_out`, { cookie: session })
		expect(log.body).toContain(auditActions['sign_in.locked_out'])
		expect(log.body).toContain(lena.email)
		const refused = await rawRequest(`${site.url}/admin/audit-log?action=sign_in.refused`, { cookie: session })
		expect(refused.body).toContain(auditActions['sign_in.refused'])
		// Another account from the same address still signs in.
		expect((await signIn(site, ada)).status).toBe(303)
	})

	test('ends a disabled operator’s open session on its next request', async () => {
		const doraSession = await addOperator(site, session, dora)
		expect((await rawRequest(`${site.url}/admin/inbox`, { cookie: doraSession })).status).toBe(200)
		const disable = await postAndFollow(`${site.url}/admin/operators?intent=operator`, session, {
			[CSRF_FIELD]: await csrfToken(site, session),
			intent: 'disable',
			id: await operatorId(site, session, dora.displayName),
		})
		expect(disable.posted.status).toBe(303)
		expect(disable.page.body).toContain(operatorsCopy.disabledMessage(dora.displayName))

		const page = await rawRequest(`${site.url}/admin/operators`, { cookie: doraSession })
		expect(page.status).toBe(303)
		expect(page.location).toBe(`/admin?next=${encodeURIComponent('/admin/operators')}`)
		const data = await rawRequest(`${site.url}/admin/operators.data`, { cookie: doraSession })
		expect(data.status).toBe(401)
		expect(data.body).toContain(consoleCopy.sessionEnded.heading)
		expect(data.body).not.toContain(ada.email)
		const post = await rawRequest(`${site.url}/admin/operators?intent=invite`, {
			cookie: doraSession,
			form: { [CSRF_FIELD]: 'whatever-it-was', email: 'sneaky@example.com' },
		})
		expect(post.status).toBe(401)
		// Nor can they sign in again; they get the answer anyone with a wrong password gets.
		const again = await signIn(site, dora)
		expect(again.status).toBe(401)
		expect(again.body).toContain(signInCopy.wrong)
	})

	test('sets no cookie on any public route, signed in or not', async () => {
		const cookie = await signedIn(site, ada)
		const routes = [...(await auditedRoutes(site.url)), '/robots.txt', '/sitemap.xml', '/blog/rss.xml', '/healthz']
		for (const route of routes) {
			for (const sent of [undefined, cookie]) {
				const answer = await rawRequest(`${site.url}${route}`, { cookie: sent })
				expect([route, answer.status < 500]).toEqual([route, true])
				expect([route, answer.response.headers.getSetCookie()]).toEqual([route, []])
			}
		}
	})
})
