import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import {
	attentionStatuses,
	inboxLimits,
	type LeadKind,
	type LeadStatus,
	leadKinds,
	leadStatuses,
} from '#app/content/inbox.ts'
import { type Database, selectRows } from '#app/db/client.server.ts'
import { searchQuery } from '#app/db/lead-search.ts'
import {
	isLeadKind,
	isLeadStatus,
	kindRank,
	type LeadTable,
	leadTables,
	sameEmail,
	searchDocument,
} from './lead-tables.server.ts'

/** What the inbox is narrowed to; every part is optional. `status` may be 'attention': unread or new. */
export type InboxFilter = {
	kind?: LeadKind
	status?: LeadStatus | 'attention'
	search?: string
	/** Days, inclusive: YYYY-MM-DD, in `zone` (the operator's time zone; UTC without one). */
	from?: string
	to?: string
	zone?: string
	/** Leads assigned to the operator asking (`me`), or to nobody. */
	assigned?: 'mine' | 'nobody'
	/** The operator asking, for `assigned: 'mine'`. */
	me?: number
}

/** Where a page of the inbox starts: after this lead, in the inbox's order. */
export type InboxCursor = { micros: string; kind: LeadKind; id: number }

export type InboxRow = {
	kind: LeadKind
	id: number
	createdAt: string
	name: string | null
	email: string
	status: LeadStatus
	version: number
	preview: string | null
	/** The name of the operator working the lead, if someone took it. */
	assignee: string | null
}

// Years 1 to 9999: PostgreSQL refuses year 0.
const DAY = /^(?!0000)\d{4}-\d{2}-\d{2}$/

/** A real calendar day written YYYY-MM-DD, or undefined. */
export function dayParam(value: string | null): string | undefined {
	if (!value || !DAY.test(value)) return undefined
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined
}

/**
 * The filter an inbox address asks for, for the operator `me` whose days are those of `zone`; anything that is not a
 * valid choice is left out.
 */
export function inboxFilter(
	params: URLSearchParams,
	me?: number,
	zone?: string,
): InboxFilter & { invalidDate: boolean } {
	const kind = params.get('form')
	const status = params.get('status') ?? ''
	// Control characters (a NUL) cannot be part of a word and PostgreSQL refuses some: they separate words instead.
	const search = (params.get('q') ?? '')
		.slice(0, inboxLimits.search)
		.replace(/\p{Cc}/gu, ' ')
		.trim()
	const from = dayParam(params.get('from'))
	const to = dayParam(params.get('to'))
	const assigned = params.get('assigned')
	return {
		...(assigned === 'mine' || assigned === 'nobody' ? { assigned, me } : {}),
		kind: isLeadKind(kind) ? kind : undefined,
		status: status === 'attention' || isLeadStatus(status) ? status : undefined,
		search: search || undefined,
		from,
		to,
		...(zone && (from || to) ? { zone } : {}),
		invalidDate: Boolean((params.get('from') && !from) || (params.get('to') && !to)),
	}
}

/** The same filter as a link's query, with its `?` ('' for none), for links (older page, export, a lead) that keep it. */
export function filterQuery(filter: InboxFilter) {
	const params = new URLSearchParams()
	if (filter.search) params.set('q', filter.search)
	if (filter.kind) params.set('form', filter.kind)
	if (filter.status) params.set('status', filter.status)
	if (filter.from) params.set('from', filter.from)
	if (filter.to) params.set('to', filter.to)
	if (filter.assigned) params.set('assigned', filter.assigned)
	return params.size ? `?${params}` : ''
}

// Microseconds since 1970 up to 16 digits (beyond the year 2200), ids up to 15: both fit PostgreSQL's bigint.
const CURSOR = /^(\d{1,16})\.([a-z]+)\.(\d{1,15})$/

export function cursorParam(value: string | null): InboxCursor | undefined {
	const match = CURSOR.exec(value ?? '')
	if (!match) return undefined
	const [, micros = '', kind = '', id = ''] = match
	return isLeadKind(kind) ? { micros, kind, id: Number(id) } : undefined
}

export const cursorOf = (row: { micros: string; kind: LeadKind; id: number }) => `${row.micros}.${row.kind}.${row.id}`

/** A search that is one whole email address finds that address through the email index, as the newsletter compares it. */
const isEmailSearch = (search: string) => /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(search)

/** The statuses a table's rows must have under this filter; null when the filter leaves the table out. */
function statusesOf(kind: LeadKind, filter: InboxFilter): readonly string[] | null | 'any' {
	if (filter.kind && filter.kind !== kind) return null
	if (!filter.status) return 'any'
	if (filter.status === 'attention') {
		const wanted = attentionStatuses.filter((status) => (leadStatuses[kind] as readonly string[]).includes(status))
		return wanted.length ? wanted : null
	}
	return (leadStatuses[kind] as readonly string[]).includes(filter.status) ? [filter.status] : null
}

/** A timestamp from microseconds since 1970, exactly (a JavaScript Date keeps only milliseconds). */
const fromMicros = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`

/**
 * The same order for a search, written so the date index cannot serve it: PostgreSQL then takes the matches from the
 * search or email index and sorts the few it finds, instead of walking every row newest first looking for a rare word.
 */
const searchOrder = (table: SQLWrapper) => sql`${table}.created_at + interval '0 seconds' DESC, ${table}.id DESC`

/** What one table's rows must meet under the filter (after the cursor); null when the filter leaves the table out. */
export function conditionsOf(lead: LeadTable, filter: InboxFilter, cursor?: InboxCursor): SQL[] | null {
	const statuses = statusesOf(lead.kind, filter)
	if (statuses === null) return null
	const table = sql.identifier(lead.name)
	const conditions: SQL[] = []
	if (statuses !== 'any') {
		conditions.push(
			statuses.length === 1
				? sql`${lead.status} = ${statuses[0]}`
				: sql`${lead.status} IN (${sql.join(
						statuses.map((status) => sql`${status}`),
						sql`, `,
					)})`,
		)
	}
	const search = filter.search
	if (search) {
		const query = searchQuery(search)
		// A whole address finds its person through the email index; a search with no letter or digit finds nothing.
		conditions.push(
			isEmailSearch(search)
				? sameEmail(lead.email, search)
				: query
					? sql`${searchDocument(lead)} @@ to_tsquery('simple'::regconfig, ${query})`
					: sql`false`,
		)
	}
	if (filter.assigned === 'nobody') conditions.push(sql`${table}.assigned_to IS NULL`)
	// Nobody signed in has nothing assigned: an export or a script without an operator finds none.
	if (filter.assigned === 'mine')
		conditions.push(filter.me === undefined ? sql`false` : sql`${table}.assigned_to = ${filter.me}`)
	// A day starts at midnight where the operator is: the moment is worked out once, so the created_at index serves.
	const zone = filter.zone ?? 'UTC'
	if (filter.from) conditions.push(sql`${table}.created_at >= (${filter.from}::date::timestamp AT TIME ZONE ${zone})`)
	if (filter.to) conditions.push(sql`${table}.created_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${zone})`)
	if (cursor) {
		// Order: created_at, then the form's rank, then id, all descending.
		const at = fromMicros(cursor.micros)
		const rank = kindRank(lead.kind)
		const cursorRank = kindRank(cursor.kind)
		conditions.push(
			rank < cursorRank
				? sql`${table}.created_at <= ${at}`
				: rank > cursorRank
					? sql`${table}.created_at < ${at}`
					: sql`(${table}.created_at, ${table}.id) < (${at}, ${cursor.id})`,
		)
	}
	return conditions
}

const whereOf = (conditions: SQL[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``)

/** One table's part of a page: its own newest rows after the cursor, through its (status,) created_at, id index. */
function branch(lead: LeadTable, filter: InboxFilter, cursor: InboxCursor | undefined, limit: number): SQL | null {
	const conditions = conditionsOf(lead, filter, cursor)
	if (conditions === null) return null
	const table = sql.identifier(lead.name)
	const search = filter.search
	const where = whereOf(conditions)
	return sql`(SELECT ${lead.kind}::text AS kind, ${kindRank(lead.kind)}::int AS rank, ${table}.id,
			${table}.created_at, (extract(epoch FROM ${table}.created_at) * 1000000)::bigint::text AS micros,
			${lead.personName} AS name, ${lead.email} AS email, ${lead.status} AS status,
			${table}.status_version AS version, left(${lead.preview}, ${inboxLimits.preview * 2}) AS preview,
			(SELECT display_name FROM operators WHERE operators.id = ${table}.assigned_to) AS assignee
		FROM ${table} ${where}
		ORDER BY ${search ? searchOrder(table) : sql`${table}.created_at DESC NULLS LAST, ${table}.id DESC NULLS LAST`}
		LIMIT ${limit})`
}

type RawRow = Omit<InboxRow, 'createdAt' | 'id' | 'version'> & {
	id: number | string
	version: number | string
	micros: string
	created_at: string | Date
}

/** A page of the inbox, newest first, and where the next one starts (null on the last page). */
export async function listInbox(
	db: Database,
	filter: InboxFilter,
	cursor?: InboxCursor,
	limit: number = inboxLimits.pageSize,
): Promise<{ rows: (InboxRow & { micros: string })[]; next: string | null }> {
	const branches = leadKinds
		.map((kind) => branch(leadTables[kind], filter, cursor, limit + 1))
		.filter((b) => b !== null)
	if (!branches.length) return { rows: [], next: null }
	const raw = await selectRows<RawRow>(
		db,
		sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS leads
			ORDER BY created_at DESC, rank DESC, id DESC LIMIT ${limit + 1}`,
	)
	const rows = raw.slice(0, limit).map((row): InboxRow & { micros: string } => ({
		kind: row.kind,
		id: Number(row.id),
		createdAt: new Date(row.created_at).toISOString(),
		micros: row.micros,
		name: row.name,
		email: row.email,
		status: row.status,
		version: Number(row.version),
		preview: row.preview,
		assignee: row.assignee,
	}))
	const last = rows.at(-1)
	return { rows, next: raw.length > limit && last ? cursorOf(last) : null }
}

/** How many leads of each form the filter matches (forms it leaves out are not counted). */
export async function countInbox(db: Database, filter: InboxFilter) {
	const counts: Partial<Record<LeadKind, number>> = {}
	for (const kind of leadKinds) {
		const conditions = conditionsOf(leadTables[kind], filter)
		if (conditions === null) continue
		const [row] = await selectRows<{ count: number | string }>(
			db,
			sql`SELECT count(*) AS count FROM ${sql.identifier(leadTables[kind].name)} ${whereOf(conditions)}`,
		)
		counts[kind] = Number(row?.count ?? 0)
	}
	return counts
}

/** Unread contact messages plus new beta applications, for the console's navigation. */
export async function attentionCount(db: Database) {
	const [row] = await selectRows<{ count: number | string }>(
		db,
		sql`SELECT (SELECT count(*) FROM contact_messages WHERE status = 'unread')
			+ (SELECT count(*) FROM beta_applications WHERE review_status = 'new') AS count`,
	)
	return Number(row?.count ?? 0)
}
