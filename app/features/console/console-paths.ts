import { pagePathOf } from '#app/features/document/data-url.ts'
import { homeFor, mayOpen, type OperatorRole } from '#app/features/operators/roles.ts'
import { CONSOLE_ROOT } from './console-root.ts'

/** The console's addresses, shared by the server's guard and the console's links. */
export const consolePaths = {
	/** Everything of the console is under here (the path of its cookies). */
	root: CONSOLE_ROOT,
	signIn: CONSOLE_ROOT,
	signInForm: '/admin/sign-in',
	home: '/admin/inbox',
	setup: '/admin/setup',
	invitation: '/admin/invitation',
	resetPassword: '/admin/reset-password',
	signOut: '/admin/sign-out',
	/** The password again before a change that asks for it; back to `next` afterwards. */
	confirm: (next: string) => `/admin/confirm?next=${encodeURIComponent(next)}`,
	account: '/admin/account',
	operators: '/admin/operators',
	auditLog: '/admin/audit-log',
	outbox: '/admin/outbox',
	media: '/admin/media',
	mediaUpload: '/admin/media/upload',
	inbox: '/admin/inbox',
	inboxExport: '/admin/inbox/export.csv',
	inboxWorkbook: '/admin/inbox/export.xlsx',
	insights: '/admin/insights',
	backup: '/admin/backup',
	backupDownload: '/admin/backup/download',
	lead: (kind: string, id: number) => `/admin/inbox/${kind}/${id}`,
	erasure: (kind: string, id: number) => `/admin/inbox/${kind}/${id}/erase`,
	posts: '/admin/posts',
	newPost: '/admin/posts/new',
	post: (id: number) => `/admin/posts/${id}`,
	postPreview: (id: number) => `/admin/posts/${id}/preview`,
	postRevisions: (id: number) => `/admin/posts/${id}/revisions`,
	postRender: '/admin/posts/render',
	postEmail: (id: number) => `/admin/posts/${id}/email`,
	postEmailPreview: (id: number) => `/admin/posts/${id}/email/preview`,
	newsletterSends: '/admin/newsletter',
	newsletterSend: (id: number) => `/admin/newsletter/${id}`,
	passkeySignIn: '/admin/passkeys/sign-in',
	passkeyRegistration: '/admin/passkeys/register',
	passkeyConfirmation: '/admin/passkeys/confirm',
	exportFile: (table: string) => `/admin/export/${table}.csv`,
} as const

/** Whether a path (with or without React Router's `.data` suffix) belongs to the console. */
export function isConsolePath(path: string) {
	const page = pagePathOf(path)
	return page === '/admin' || page.startsWith('/admin/')
}

/** A request path decoded and in lower case: React Router matches /ADMIN/%6Fperators as the operators page too. */
export function decodedLowerCase(path: string) {
	try {
		return decodeURIComponent(path).toLowerCase()
	} catch {
		return path.toLowerCase()
	}
}

/** The door itself and the single-use links: never a place to be sent back to after signing in. */
const doorPaths = new Set<string>([
	consolePaths.signIn,
	`${consolePaths.signIn}/`,
	consolePaths.signInForm,
	consolePaths.setup,
	consolePaths.invitation,
	consolePaths.resetPassword,
	consolePaths.passkeySignIn,
])

/** The longest return address the sign-in page takes back; a longer one sends the operator to the inbox. */
export const MAX_NEXT_PATH = 500

/**
 * Where to go after signing in: only a console path on this site, never another host or a protocol-relative URL;
 * with the operator's role, only a page that role opens (else the role's home).
 */
export function safeNextPath(next: string | null | undefined, role?: OperatorRole) {
	const path = consolePathOf(next)
	return !role || mayOpen(role, path) ? path : homeFor(role)
}

function consolePathOf(next: string | null | undefined) {
	if (!next || next.length > MAX_NEXT_PATH || !next.startsWith('/admin') || /[\\\s]/.test(next))
		return consolePaths.home
	try {
		const url = new URL(next, 'http://console.invalid')
		if (url.origin !== 'http://console.invalid' || !isConsolePath(url.pathname)) return consolePaths.home
		// Never back to a door: signing in again, or a single-use link, is no place to land.
		if (doorPaths.has(pagePathOf(url.pathname))) return consolePaths.home
		return `${url.pathname}${url.search}`
	} catch {
		return consolePaths.home
	}
}

/**
 * A request's address as logs and analytics keep it: the tokens of single-use links (setup, invitation, reset) and of
 * a post's secret preview link are never written.
 */
export function loggedUrl<T extends string | undefined>(url: T): T {
	return url
		?.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
		.replace(/^(\/blog\/preview\/)[^/?#]+/i, '$1[redacted]') as T
}
