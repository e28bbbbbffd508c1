import net from 'node:net'
import type { BrowserContext, Page } from '@playwright/test'
import { postsCopy } from '#app/content/posts.ts'
import { CSRF_FIELD } from '#app/forms/csrf.ts'
import { type RunningServer, startServer } from './server.ts'

/** Someone who runs the console; passwords must pass the strength check (a few unrelated words do). */
export type Person = { displayName: string; email: string; password: string }

export type ConsoleServer = {
	server: RunningServer
	/** `http://localhost:<port>`: the site's own origin, where browsers must be driven (passkeys need it). */
	url: string
	/** The single-use setup link the server logged at start, on `url`'s origin. */
	setupLink: string
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address()
			const port = typeof address === 'object' && address ? address.port : 0
			probe.close(() => resolve(port))
		})
	})
}

/** The setup link the server logged while no operator existed, or null. */
export function loggedSetupLink(output: string): string | null {
	return /"setupUrl":"([^"]+)"/.exec(output)?.[1] ?? null
}

async function waitForSetupLink(server: RunningServer) {
	const deadline = Date.now() + 30_000
	for (;;) {
		const link = loggedSetupLink(server.output())
		if (link) return link
		if (Date.now() > deadline) throw new Error(`no setup link in the server's log:\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}

/**
 * Starts the production server on a free port with `SITE_URL=<scheme>://localhost:<port>` and a fresh data folder,
 * and waits for the setup link it logs while no operator exists. An https SITE_URL is for raw requests only: the
 * server itself still speaks plain http.
 */
export async function startConsoleServer(
	options: { env?: Record<string, string | undefined>; scheme?: 'http' | 'https' } = {},
): Promise<ConsoleServer> {
	for (let attempt = 1; ; attempt++) {
		const port = await freePort()
		let server: RunningServer
		try {
			server = await startServer({
				env: { SITE_URL: `${options.scheme ?? 'http'}://localhost:${port}`, PORT: String(port), ...options.env },
			})
		} catch (error) {
			// Another process may have taken the port between the probe and the start.
			if (attempt < 3 && String(error).includes('EADDRINUSE')) continue
			throw error
		}
		const url = `http://localhost:${port}`
		try {
			const logged = new URL(await waitForSetupLink(server))
			return { server, url, setupLink: `${url}${logged.pathname}${logged.search}` }
		} catch (error) {
			await server.stop()
			throw error
		}
	}
}

/** The session cookie a response sets (`operator_session` or `__Secure-operator_session`), if any. */
export function sessionCookieSet(response: Response) {
	const header = response.headers.getSetCookie().find((cookie) => /^(__Secure-)?operator_session=/.test(cookie))
	if (!header) return null
	const pair = header.split(';')[0] ?? ''
	const [name = '', value = ''] = pair.split('=')
	return {
		/** The whole Set-Cookie header, with its attributes. */
		header,
		name,
		value,
		/** What the browser sends back: `name=value`. */
		cookie: pair,
		attributes: header
			.split(';')
			.slice(1)
			.map((part) => part.trim()),
	}
}

export type RawAnswer = {
	response: Response
	status: number
	location: string | null
	body: string
	/** The session cookie the answer sets, if any. */
	session: ReturnType<typeof sessionCookieSet>
}

/**
 * A console form posted as a browser without JavaScript posts it, and the page its 303 leads to (Post/Redirect/Get),
 * where the outcome is shown once.
 */
export async function postAndFollow(url: string, cookie: string, form: Record<string, string>) {
	const posted = await rawRequest(url, { cookie, form })
	if (posted.status !== 303 || !posted.location) return { posted, page: posted }
	return { posted, page: await rawRequest(new URL(posted.location, url).href, { cookie }) }
}

/** One request as a script sends it: redirects are not followed, so their Location and Set-Cookie can be read. */
export async function rawRequest(
	url: string,
	options: { method?: string; cookie?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<RawAnswer> {
	const response = await fetch(url, {
		method: options.method ?? (options.form ? 'POST' : 'GET'),
		redirect: 'manual',
		headers: {
			...(options.cookie ? { cookie: options.cookie } : {}),
			...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
			...options.headers,
		},
		body: options.form ? new URLSearchParams(options.form) : undefined,
	})
	const body = await response.text()
	return {
		response,
		status: response.status,
		location: response.headers.get('location'),
		body,
		session: sessionCookieSet(response),
	}
}

/** Opens the setup link with a form post, as the setup page does; the answer signs the new operator in. */
export async function createFirstOperator(site: ConsoleServer, person: Person) {
	const answer = await rawRequest(site.setupLink, {
		form: { displayName: person.displayName, email: person.email, password: person.password },
	})
	if (answer.status !== 303 || !answer.session) {
		throw new Error(`setup failed with ${answer.status}: ${answer.body.slice(0, 500)}`)
	}
	return { ...answer, cookie: answer.session.cookie }
}

/** Posts the sign-in form (`next` is where to go afterwards). The cookie is the session to sign in with, if any. */
export function signIn(
	site: Pick<ConsoleServer, 'url'>,
	credentials: { email: string; password: string; next?: string },
	options: { cookie?: string; headers?: Record<string, string> } = {},
) {
	return rawRequest(`${site.url}/admin/sign-in`, {
		...options,
		form: { email: credentials.email, password: credentials.password, next: credentials.next ?? '' },
	})
}

/** Signs in and returns the session's cookie (`name=value`), or throws. */
export async function signedIn(site: Pick<ConsoleServer, 'url'>, person: Pick<Person, 'email' | 'password'>) {
	const answer = await signIn(site, person)
	if (answer.status !== 303 || !answer.session) {
		throw new Error(`sign-in failed with ${answer.status}: ${answer.body.slice(0, 500)}`)
	}
	return answer.session.cookie
}

/** The session's CSRF token, as every console page carries it in its forms. */
export async function csrfToken(site: Pick<ConsoleServer, 'url'>, cookie: string) {
	const page = await rawRequest(`${site.url}/admin/account`, { cookie })
	const token = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(page.body)?.[1]
	if (page.status !== 200 || !token) throw new Error(`no CSRF token on the account page (${page.status})`)
	return token
}

/**
 * Invites a person as the signed-in operator behind `cookie` (as an admin unless a role is given); returns the link
 * shown once on the page.
 */
export async function invite(site: Pick<ConsoleServer, 'url'>, cookie: string, email: string, role = 'admin') {
	const posted = await rawRequest(`${site.url}/admin/operators?intent=invite`, {
		cookie,
		form: { [CSRF_FIELD]: await csrfToken(site, cookie), email, role },
	})
	// Post/Redirect/Get: the page the post redirects to shows the link once.
	if (posted.status !== 303 || !posted.location) throw new Error(`invitation failed with ${posted.status}`)
	const answer = await rawRequest(new URL(posted.location, site.url).href, { cookie })
	const link = /https?:\/\/[^\s"<\\]+\/admin\/invitation\?token=[\w-]+/.exec(answer.body)?.[0]
	if (answer.status !== 200 || !link) throw new Error(`no invitation link on the page (${answer.status})`)
	const shown = new URL(link)
	return `${new URL(site.url).origin}${shown.pathname}${shown.search}`
}

/** Accepts an invitation link with a form post; returns the new operator's session cookie. */
export async function acceptInvitation(link: string, person: Omit<Person, 'email'>) {
	const answer = await rawRequest(link, { form: { displayName: person.displayName, password: person.password } })
	if (answer.status !== 303 || !answer.session) {
		throw new Error(`accepting the invitation failed with ${answer.status}: ${answer.body.slice(0, 500)}`)
	}
	return answer.session.cookie
}

/** Invites a person as the operator behind `cookie` and accepts for them; returns their session cookie. */
export async function addOperator(site: Pick<ConsoleServer, 'url'>, cookie: string, person: Person, role = 'admin') {
	return acceptInvitation(await invite(site, cookie, person.email, role), person)
}

/** An operator's id, as the audit log's operator filter lists it. */
export async function operatorId(site: Pick<ConsoleServer, 'url'>, cookie: string, displayName: string) {
	const page = await rawRequest(`${site.url}/admin/audit-log`, { cookie })
	const id = new RegExp(`<option value="(\\d+)">${displayName} \\(`).exec(page.body)?.[1]
	if (!id) throw new Error(`${displayName} is not in the audit log's operator filter (${page.status})`)
	return id
}

/**
 * Gives browsers the session an answer (setup, sign-in) set, or a session cookie as `name=value`, as if each had signed
 * in itself.
 */
export async function shareSession(answer: Pick<RawAnswer, 'session'> | string, ...browsers: BrowserContext[]) {
	const [name = '', value = ''] = typeof answer === 'string' ? answer.split(/=(.*)/s) : []
	const session = typeof answer === 'string' ? { name, value } : answer.session
	if (!session?.value) throw new Error('no session cookie to share')
	const cookie = { name: session.name, value: session.value, domain: 'localhost', path: '/admin', httpOnly: true }
	for (const browser of browsers) await browser.addCookies([{ ...cookie, sameSite: 'Lax' }])
}

/**
 * Types a post's body as a person would. With JavaScript, once the editor has taken the plain textarea's place: typed
 * into the textarea a moment before, the text would go to a field that is then hidden.
 */
export async function fillPostBody(page: Page, body: string, javaScript: boolean) {
	if (javaScript) await page.locator('.cm-content').waitFor()
	await page.getByRole('textbox', { name: postsCopy.editor.fields.body, exact: true }).fill(body)
}

/** The post editor's form as a browser without JavaScript posts it: a post with this title and body. */
export function postEditorForm(token: string, post: { title: string; body: string; intent: 'draft' | 'publish' }) {
	return {
		[CSRF_FIELD]: token,
		title: post.title,
		slug: '',
		excerpt: '',
		bodyFormat: 'markdown',
		body: post.body,
		categories: '',
		tags: '',
		authorName: '',
		authorImage: '',
		featuredImage: '',
		featuredImageAlt: '',
		publishAt: '',
		intent: post.intent,
		updatedAt: '',
	}
}
