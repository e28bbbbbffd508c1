import crypto from 'node:crypto'
import { asc, getTableColumns } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { betaApplications, communityWaitlist, contactMessages, newsletterSubscribers } from '../../db/schema.ts'
import type { Config } from '../site/config.server.ts'

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
	return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The whole table as CSV with a header row of its column names, oldest row first. */
export async function exportCsv(db: Database, name: ExportTable) {
	const table = exportTables[name]
	const columns = Object.values(getTableColumns(table)).map((column) => column.name)
	const rows: Record<string, unknown>[] = await db.select().from(table).orderBy(asc(table.id))
	const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))]
	return `${lines.join('\r\n')}\r\n`
}

function sameSecret(given: string, expected: string) {
	// Hashing first gives equal lengths, so the comparison time never depends on where they differ.
	const digest = (value: string) => crypto.createHash('sha256').update(value).digest()
	return crypto.timingSafeEqual(digest(given), digest(expected))
}

/** GET /admin/export/<table>.csv: 404 when ADMIN_TOKEN is unset, 401 on a wrong bearer token. */
export async function adminExportResponse(
	request: Request,
	file: string,
	context: { db: Database; config: Pick<Config, 'ADMIN_TOKEN'> },
) {
	const headers = {
		'Cache-Control': 'no-store',
		'X-Robots-Tag': 'noindex',
		'Content-Type': 'text/plain; charset=utf-8',
	}
	const token = context.config.ADMIN_TOKEN
	if (!token) return new Response('Not Found', { status: 404, headers })
	const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? ''
	if (!sameSecret(given, token)) {
		return new Response('Unauthorized', { status: 401, headers: { ...headers, 'WWW-Authenticate': 'Bearer' } })
	}
	const table = /^(\w+)\.csv$/.exec(file)?.[1] ?? ''
	if (!isExportTable(table)) return new Response('Not Found', { status: 404, headers })
	return new Response(await exportCsv(context.db, table), {
		headers: {
			...headers,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${table}.csv"`,
		},
	})
}
