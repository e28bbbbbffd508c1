/** The part of the console an action belongs to, as the roles table in the docs names them. */
export type ConsoleActionArea = 'leads' | 'publishing' | 'site' | 'backups' | 'everyone'

/** Every console action (a form's post address), with the part of the console it belongs to. */
export const consoleActions: readonly { path: string; area: ConsoleActionArea }[] = [
	{ path: '/admin/operators?intent=invite', area: 'site' },
	{ path: '/admin/operators?intent=operator', area: 'site' },
	{ path: '/admin/account?intent=sessions', area: 'everyone' },
	{ path: '/admin/account?intent=password', area: 'everyone' },
	{ path: '/admin/account?intent=passkeys', area: 'everyone' },
	{ path: '/admin/account?intent=ownership', area: 'everyone' },
	{ path: '/admin/confirm', area: 'everyone' },
	{ path: '/admin/outbox?intent=retry', area: 'site' },
	{ path: '/admin/outbox?intent=retry-all', area: 'site' },
	{ path: '/admin/redirects?intent=add', area: 'publishing' },
	{ path: '/admin/redirects?intent=update', area: 'publishing' },
	{ path: '/admin/redirects?intent=delete', area: 'publishing' },
	{ path: '/admin/inbox?intent=bulk', area: 'leads' },
	{ path: '/admin/inbox/contact/1?intent=status', area: 'leads' },
	{ path: '/admin/inbox/contact/1?intent=note', area: 'leads' },
	{ path: '/admin/inbox/contact/1/erase', area: 'leads' },
	{ path: '/admin/posts/new', area: 'publishing' },
	{ path: '/admin/posts/1', area: 'publishing' },
	{ path: '/admin/posts/1?intent=delete', area: 'publishing' },
	{ path: '/admin/posts/1?intent=preview-link', area: 'publishing' },
	{ path: '/admin/posts/1/revisions', area: 'publishing' },
	{ path: '/admin/posts/1/email?intent=test', area: 'publishing' },
	{ path: '/admin/posts/1/email?intent=send', area: 'publishing' },
	{ path: '/admin/newsletter/1?intent=pause', area: 'publishing' },
	{ path: '/admin/posts/render', area: 'publishing' },
	{ path: '/admin/media', area: 'publishing' },
	{ path: '/admin/media/upload', area: 'publishing' },
	{ path: '/admin/backup/download', area: 'backups' },
]

/** The `.data` address React Router fetches a page's data or posts a form to with JavaScript. */
export const dataUrl = (path: string) => {
	const url = new URL(path, 'http://site.invalid')
	return `${url.pathname}.data${url.search}`
}
