import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { inboxCopy, type LeadKind, type LeadStatus, leadKinds, leadStatuses } from '#app/content/inbox.ts'
import { leadSearchDocument, normalizedEmail } from '#app/db/lead-search.ts'
import { betaApplications, communityWaitlist, contactMessages, newsletterSubscribers } from '#app/db/schema.ts'

/** Where a lead form's rows live and which of their columns the inbox reads. */
export type LeadTable = {
	kind: LeadKind
	table: PgTable
	name: string
	/** The column holding the workflow status. */
	status: AnyPgColumn
	/** The person's name; waitlist and newsletter keep it in `name`, beta applications in `full_name`. */
	personName: AnyPgColumn
	email: AnyPgColumn
	/** What the inbox shows under the name: the subject, the company, the source. */
	preview: SQL
	/** The columns shown on the lead's page, in order, as the visitor sent them. */
	fields: AnyPgColumn[]
	/** The columns the search looks in; the same list builds the table's full-text index. */
	searched: AnyPgColumn[]
	source: AnyPgColumn | null
}

const join = (...parts: SQL[]) => sql`concat_ws(' · ', ${sql.join(parts, sql`, `)})`

export const leadTables: Record<LeadKind, LeadTable> = {
	contact: {
		kind: 'contact',
		table: contactMessages,
		name: 'contact_messages',
		status: contactMessages.status,
		personName: contactMessages.name,
		email: contactMessages.email,
		preview: join(sql`${contactMessages.subject}`, sql`${contactMessages.message}`),
		fields: [contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message],
		searched: [contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message],
		source: null,
	},
	beta: {
		kind: 'beta',
		table: betaApplications,
		name: 'beta_applications',
		status: betaApplications.review_status,
		personName: betaApplications.full_name,
		email: betaApplications.email,
		preview: join(
			sql`${betaApplications.company_name}`,
			sql`${betaApplications.domain_count} || ' domains'`,
			sql`${betaApplications.why_interested}`,
		),
		fields: [
			betaApplications.full_name,
			betaApplications.email,
			betaApplications.company_name,
			betaApplications.domain_count,
			betaApplications.current_solution,
			betaApplications.why_interested,
		],
		searched: [
			betaApplications.full_name,
			betaApplications.email,
			betaApplications.company_name,
			betaApplications.current_solution,
			betaApplications.why_interested,
		],
		source: null,
	},
	waitlist: {
		kind: 'waitlist',
		table: communityWaitlist,
		name: 'community_waitlist',
		status: communityWaitlist.status,
		personName: communityWaitlist.name,
		email: communityWaitlist.email,
		preview: sql`${communityWaitlist.source}`,
		fields: [communityWaitlist.name, communityWaitlist.email],
		searched: [communityWaitlist.name, communityWaitlist.email],
		source: communityWaitlist.source,
	},
	newsletter: {
		kind: 'newsletter',
		table: newsletterSubscribers,
		name: 'newsletter_subscribers',
		status: newsletterSubscribers.status,
		personName: newsletterSubscribers.name,
		email: newsletterSubscribers.email,
		// A sign-up whose address has not confirmed it yet says so first (double opt-in).
		preview: join(
			sql`CASE WHEN ${newsletterSubscribers.confirmed_at} IS NULL THEN ${inboxCopy.unconfirmed} END`,
			sql`${newsletterSubscribers.source}`,
		),
		fields: [newsletterSubscribers.name, newsletterSubscribers.email],
		searched: [newsletterSubscribers.email, newsletterSubscribers.name],
		source: newsletterSubscribers.source,
	},
}

/** The inbox orders leads that arrived at the same microsecond by form, then id: a kind's rank is its place here. */
export const kindRank = (kind: LeadKind) => leadKinds.indexOf(kind)

export function isLeadKind(value: string | null | undefined): value is LeadKind {
	return (leadKinds as readonly string[]).includes(value ?? '')
}

export function kindOfStatus(status: string): LeadKind | undefined {
	return leadKinds.find((kind) => (leadStatuses[kind] as readonly string[]).includes(status))
}

export function isLeadStatus(value: string): value is LeadStatus {
	return kindOfStatus(value) !== undefined
}

/** The tsvector a table's search index holds, built the same way as the index. */
export const searchDocument = (lead: LeadTable) => leadSearchDocument(lead.searched)

/** One person's emails: trimmed as the forms trim them, case-insensitively, through the tables' email indexes. */
export const sameEmail = (column: AnyPgColumn | SQL, email: string) =>
	sql`${normalizedEmail(column)} = ${normalizedEmail(sql`${email}::text`)}`

/** A lead's reference in forms, notifications and the audit log: `contact:42`. */
export const leadReference = (kind: LeadKind, id: number) => `${kind}:${id}`
