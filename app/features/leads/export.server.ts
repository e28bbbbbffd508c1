import { asc, getTableColumns } from 'drizzle-orm'
import type { Database } from '#app/db/client.server.ts'
import { betaApplications, communityWaitlist, contactMessages, newsletterSubscribers } from '#app/db/schema.ts'
import { sameSecret } from '#app/features/auth/secrets.server.ts'
import type { OperatorSession } from '#app/features/auth/sessions.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { Config } from '#app/features/site/config.server.ts'

export const exportTables = {
	beta_applications: betaApplications,
	community_waitlist: communityWaitlist,
	contact_messages: contactMessages,
	newsletter_subscribers: newsletterSubscribers,
} as const

export type ExportTable = keyof typeof exportTables

export function isExportTable(name: string): name is ExportTable {
	return Object.hasOwn(exportTables, name)
}

/** One CSV cell (RFC 4180); text that a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(value: unknown) {
	if (value === null || value === undefined) return ''
	if (value instanceof Date) return value.toISOString()
	if (typeof value !== 'string') return String(value)
	const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
	// Quoted when it holds a semicolon too: spreadsheets in some languages split cells there.
	return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The whole table as CSV with a header row of its column names, oldest row first. */
export async function exportCsv(db: Database, name: ExportTable) {
	const table = exportTables[name]
	const columns = Object.values(getTableColumns(table)).map((column) => column.name)
	const rows: Record<string, unknown>[] = await db.select().from(table).orderBy(asc(table.id))
	const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))]
	return `${lines.join('\r\n')}\r\n`
}

/** Starts a CSV download: the UTF-8 byte-order mark, without which Excel on Windows reads `Müller` as `MÃ¼ller`. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF'

export const downloadHeaders = {
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex',
	'Content-Type': 'text/plain; charset=utf-8',
}

/**
 * Where a console download must not start: a person whose session ended goes to the sign-in page, then back to the
 * file (scripts send no Sec-Fetch-Mode); a link on another site goes to the console, since the session cookie is Lax
 * and would otherwise start a download in the operator's name. Null when the download may go on.
 */
export function downloadRedirect(request: Request, url: URL, session: OperatorSession | null) {
	const operator = session?.operator
	if (!operator && request.headers.get('sec-fetch-mode') === 'navigate' && !request.headers.has('authorization')) {
		const next = encodeURIComponent(`${url.pathname}${url.search}`)
		return new Response(null, {
			status: 303,
			headers: { ...downloadHeaders, Location: `${consolePaths.signIn}?next=${next}` },
		})
	}
	const fetchSite = request.headers.get('sec-fetch-site')
	if (operator && fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
		return new Response(null, { status: 303, headers: { ...downloadHeaders, Location: consolePaths.home } })
	}
	// Leads leave the site only after the operator typed their password again in the last few minutes.
	if (session && !session.recentlyConfirmed) {
		return new Response(null, {
			status: 303,
			headers: { ...downloadHeaders, Location: consolePaths.confirm(`${url.pathname}${url.search}`) },
		})
	}
	return null
}

/**
 * GET /admin/export/<table>.csv: for a signed-in operator (audited), or for scripts with the bearer ADMIN_TOKEN;
 * without either, 404 when ADMIN_TOKEN is unset and 401 otherwise.
 */
export async function adminExportResponse(
	request: Request,
	url: URL,
	file: string,
	context: {
		db: Database
		config: Pick<Config, 'ADMIN_TOKEN'>
		operatorSession: OperatorSession | null
		clientAddress: string
	},
) {
	const headers = downloadHeaders
	const operator = context.operatorSession?.operator
	const token = context.config.ADMIN_TOKEN
	const redirect = downloadRedirect(request, url, context.operatorSession)
	if (redirect) return redirect
	if (!operator) {
		if (!token) return new Response('Not Found', { status: 404, headers })
		const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? ''
		if (!sameSecret(given, token)) {
			return new Response('Unauthorized', { status: 401, headers: { ...headers, 'WWW-Authenticate': 'Bearer' } })
		}
	}
	const table = /^(\w+)\.csv$/.exec(file)?.[1] ?? ''
	if (!isExportTable(table)) return new Response('Not Found', { status: 404, headers })
	if (operator) {
		await recordAudit(context.db, {
			action: 'export.downloaded',
			operatorId: operator.id,
			target: table,
			clientAddress: context.clientAddress,
		})
	}
	return new Response(`${CSV_BYTE_ORDER_MARK}${await exportCsv(context.db, table)}`, {
		headers: {
			...headers,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${table}.csv"`,
		},
	})
}
