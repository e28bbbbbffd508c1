import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { inboxCopy, type LeadKind, leadKinds } from '#app/content/inbox.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { CSV_BYTE_ORDER_MARK, csvCell, downloadHeaders, downloadRedirect } from '#app/features/leads/export.server.ts'
import { xlsxRow, xlsxStream } from '#app/features/leads/xlsx.server.ts'
import { recordAudit } from '#app/features/operators/audit.server.ts'
import type { SiteContext } from '#app/load-context.ts'
import { countInbox, cursorParam, type InboxCursor, type InboxFilter, inboxFilter, listInbox } from './inbox.server.ts'
import { leadTables } from './lead-tables.server.ts'

/** The export's columns: the four forms' fields side by side, empty where a form has no such field. */
const columns = [
	'form',
	'id',
	'created_at',
	'status',
	'name',
	'email',
	'company',
	'domain_count',
	'current_solution',
	'subject',
	'message',
	'source',
	'page_path',
	'landing_path',
	'referrer_host',
	'utm_source',
	'utm_medium',
	'utm_campaign',
	'ref',
	'from_post_id',
] as const

type Column = (typeof columns)[number]

/** Where each form keeps each export column, where it is not under the same name. */
const columnNames: Record<LeadKind, Partial<Record<Column, string>>> = {
	contact: {},
	beta: { name: 'full_name', company: 'company_name', message: 'why_interested' },
	waitlist: {},
	newsletter: {},
}

const BATCH = 1_000

/** The full rows of one batch of the inbox, in the inbox's order. */
async function fullRows(db: Database, batch: { kind: LeadKind; id: number; status: string }[]) {
	const byKind = new Map<string, Record<string, unknown>>()
	for (const kind of leadKinds) {
		const ids = batch.filter((row) => row.kind === kind).map((row) => row.id)
		if (!ids.length) continue
		const rows = await selectRows<Record<string, unknown>>(
			db,
			sql`SELECT * FROM ${sql.identifier(leadTables[kind].name)} WHERE id IN (${sql.join(
				ids.map((id) => sql`${id}`),
				sql`, `,
			)})`,
		)
		for (const row of rows) byKind.set(`${kind}:${row.id}`, row)
	}
	return batch.map(({ kind, id, status }) => {
		const row = byKind.get(`${kind}:${id}`) ?? {}
		return columns.map((column): unknown => {
			if (column === 'form') return kind
			if (column === 'status') return status
			if (column === 'created_at' && row.created_at) return new Date(row.created_at as string)
			return row[columnNames[kind][column] ?? column]
		})
	})
}

/** Every lead the filter matches, newest first, a batch at a time as the inbox pages through them. */
async function* leadBatches(db: Database, filter: InboxFilter) {
	let cursor: InboxCursor | undefined
	do {
		const page = await listInbox(db, filter, cursor, BATCH)
		if (page.rows.length) yield await fullRows(db, page.rows)
		cursor = cursorParam(page.next)
	} while (cursor)
}

/** The CSV of every lead the filter matches, with a byte-order mark for Excel on Windows. */
function inboxCsv(db: Database, filter: InboxFilter, logger: Logger) {
	const encoder = new TextEncoder()
	const batches = leadBatches(db, filter)
	let started = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!started) {
				started = true
				controller.enqueue(encoder.encode(`${CSV_BYTE_ORDER_MARK}${columns.join(',')}\r\n`))
				return
			}
			try {
				const next = await batches.next()
				if (next.done) controller.close()
				else controller.enqueue(encoder.encode(next.value.map((line) => `${line.map(csvCell).join(',')}\r\n`).join('')))
			} catch (error) {
				// The headers are gone: the download ends short, and the log says why.
				logger.error({ err: error }, 'inbox export failed')
				controller.error(error)
			}
		},
	})
}

/** A cell's text in the workbook: dates as ISO 8601, as in the CSV; empty for nothing. */
const cellText = (value: unknown) =>
	value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value)

/** The same leads as an Excel workbook (one sheet, every cell text as typed). */
function inboxXlsx(db: Database, filter: InboxFilter, logger: Logger) {
	const rows = (async function* () {
		yield xlsxRow(columns)
		for await (const batch of leadBatches(db, filter)) yield batch.map((line) => xlsxRow(line.map(cellText))).join('')
	})()
	return xlsxStream(inboxCopy.exportSheet, rows, (error) => logger.error({ err: error }, 'inbox export failed'))
}

/**
 * GET /admin/inbox/export.csv or .xlsx?<the inbox's filters>: for a signed-in operator, audited with the filter (not
 * its words) and what it holds.
 */
export async function inboxExportResponse(request: Request, url: URL, context: SiteContext) {
	const operator = context.operatorSession?.operator
	const redirect = downloadRedirect(request, url, context.operatorSession)
	if (redirect) return redirect
	if (!operator) return new Response('Unauthorized', { status: 401, headers: downloadHeaders })
	const params = url.searchParams
	const { invalidDate, ...filter } = inboxFilter(params, operator.id, context.operatorSession?.timeZone.shown)
	// A filter the inbox does not know exports nothing: never "everything" in its place.
	const unknownChoice =
		(params.get('form') && !filter.kind) ||
		(params.get('status') && !filter.status) ||
		(params.get('assigned') && !filter.assigned)
	if (invalidDate || unknownChoice) {
		return new Response(inboxCopy.invalidExportFilter, { status: 400, headers: downloadHeaders })
	}
	await recordAudit(context.db, {
		action: 'inbox.exported',
		operatorId: operator.id,
		clientAddress: context.clientAddress,
		// The search words may be a person's name or email, which an erasure could not take out of the log.
		detail: {
			form: filter.kind ?? null,
			status: filter.status ?? null,
			from: filter.from ?? null,
			to: filter.to ?? null,
			assigned: filter.assigned ?? null,
			searched: Boolean(filter.search),
			// How many leads of each form the file holds, counted as it is made.
			...(await countInbox(context.db, filter)),
		},
	})
	const day = new Date().toISOString().slice(0, 10)
	const workbook = url.pathname.endsWith('.xlsx')
	return new Response(
		workbook ? inboxXlsx(context.db, filter, context.logger) : inboxCsv(context.db, filter, context.logger),
		{
			headers: {
				...downloadHeaders,
				'Content-Type': workbook
					? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
					: 'text/csv; charset=utf-8',
				'Content-Disposition': `attachment; filename="inbox-${day}.${workbook ? 'xlsx' : 'csv'}"`,
			},
		},
	)
}
