import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core'
import type * as z from 'zod/mini'
import { betaCopy } from '#app/content/beta-application.ts'
import { contactFormCopy } from '#app/content/contact.ts'
import type { LeadKind } from '#app/content/inbox.ts'
import { waitlistCopy } from '#app/content/waitlist.ts'
import { betaApplications, communityWaitlist, contactMessages } from '#app/db/schema.ts'
import { leadConsoleUrl, submittedFromPath } from '#app/features/inbox/lead-origin.server.ts'
import { visitAttribution } from '#app/features/insights/attribution.server.ts'
import type { EventProps, ServerEventName } from '#app/features/insights/events.ts'
import { trackFunnelEvent } from '#app/features/insights/funnel.server.ts'
import { chatField, enqueueNotification } from '#app/features/notifications/outbox.server.ts'
import type { RateLimitScope } from '#app/forms/rate-limit.server.ts'
import { handleSubmission, type SubmissionContext } from '#app/forms/request.server.ts'
import type { FormSchema } from '#app/forms/schema.ts'
import { betaApplicationSchema, contactSchema, waitlistSchema } from './schemas.ts'

/**
 * A lead form's storage: the table its row goes to, the chat message announcing it (a line per field, and the same
 * values as structured fields under the webhook's names) and the funnel step it counts as.
 */
type LeadForm<S extends FormSchema, T extends PgTable> = {
	form: RateLimitScope
	/** The lead's kind in the console's inbox. */
	kind: LeadKind
	schema: S
	table: T
	copy: { success: string; failure: string }
	/** The row to insert: what the visitor sent, plus the columns the form sets itself. */
	row: (input: z.output<S>) => PgInsertValue<T>
	chat: {
		event: string
		title: string
		/** Each column the message shows, with its label, in order. */
		labels: Partial<Record<keyof T['$inferSelect'], string>>
		/** The webhook's field name where it is not the column's. */
		webhookNames?: Partial<Record<keyof T['$inferSelect'], string>>
	}
	funnel: (input: z.output<S>) => [ServerEventName, EventProps?]
}

/** The one path of a lead: the row and its chat notification in one transaction, then the funnel step. */
function submitLead<S extends FormSchema, T extends PgTable>(
	request: Request,
	context: SubmissionContext,
	lead: LeadForm<S, T>,
) {
	return handleSubmission(request, context, {
		form: lead.form,
		schema: lead.schema,
		successMessage: lead.copy.success,
		failureMessage: lead.copy.failure,
		store: async (input) => {
			const attribution = await visitAttribution(context.db, request, {
				clientAddress: context.clientAddress,
				siteUrl: context.config.SITE_URL,
			})
			await context.db.transaction(async (tx) => {
				const values = {
					...lead.row(input),
					page_path: submittedFromPath(request, context.config.SITE_URL),
					...attribution,
				}
				const [row] = (await tx.insert(lead.table).values(values).returning()) as T['$inferSelect'][]
				if (!row) throw new Error('insert returned no row')
				const id = Number(row.id)
				const consoleUrl = leadConsoleUrl(context.config.SITE_URL, lead.kind, id)
				const { labels, webhookNames } = lead.chat
				const fields = Object.entries(labels).map(([column, label]) => {
					const key = column as keyof T['$inferSelect']
					return [label, webhookNames?.[key] ?? column, row[key]] as const
				})
				await enqueueNotification(
					tx,
					'chat',
					{
						event: lead.chat.event,
						// Visitors' text is escaped so it cannot format or mention anyone in the chat.
						text: [
							lead.chat.title,
							...fields.map(([label, , value]) => chatField(String(label), value)),
							`<${consoleUrl}|Open in the console>`,
						].join('\n'),
						...Object.fromEntries(fields.map(([, key, value]) => [key, value])),
						time: (row.created_at as Date).toISOString(),
						console_url: consoleUrl,
					},
					{ kind: lead.kind, id },
				)
			})
			await trackFunnelEvent(context, request, attribution, ...lead.funnel(input))
			return { ok: true, tone: 'success', message: lead.copy.success }
		},
	})
}

const betaApplicationLead: LeadForm<typeof betaApplicationSchema, typeof betaApplications> = {
	form: 'beta_application',
	kind: 'beta',
	schema: betaApplicationSchema,
	table: betaApplications,
	copy: { success: betaCopy.successTitle, failure: betaCopy.failure },
	row: (input) => input,
	chat: {
		event: 'beta_application',
		title: 'New beta application',
		labels: {
			full_name: 'Name',
			email: 'Email',
			company_name: 'Company',
			domain_count: 'Domains',
			current_solution: 'Current solution',
			why_interested: 'Why interested',
		},
		webhookNames: { full_name: 'name', company_name: 'company' },
	},
	funnel: (input) => [
		'beta_application_submitted',
		{ name: input.full_name, email: input.email, company: input.company_name, domain_count: input.domain_count },
	],
}

const waitlistLead: LeadForm<typeof waitlistSchema, typeof communityWaitlist> = {
	form: 'waitlist',
	kind: 'waitlist',
	schema: waitlistSchema,
	table: communityWaitlist,
	copy: { success: waitlistCopy.success, failure: waitlistCopy.failure },
	row: (input) => ({ ...input, source: waitlistCopy.source, status: 'pending' }),
	chat: {
		event: 'community_waitlist',
		title: 'New Domains Anonymous waitlist signup',
		labels: { name: 'Name', email: 'Email', source: 'Source' },
	},
	funnel: () => ['waitlist_joined', { source: waitlistCopy.source }],
}

const contactLead: LeadForm<typeof contactSchema, typeof contactMessages> = {
	form: 'contact',
	kind: 'contact',
	schema: contactSchema,
	table: contactMessages,
	copy: { success: contactFormCopy.success, failure: contactFormCopy.failure },
	row: (input) => ({ ...input, status: 'unread' }),
	chat: {
		event: 'contact_message',
		title: 'New contact message',
		labels: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' },
	},
	funnel: () => ['contact_sent'],
}

export const submitBetaApplication = (request: Request, context: SubmissionContext) =>
	submitLead(request, context, betaApplicationLead)

export const joinWaitlist = (request: Request, context: SubmissionContext) => submitLead(request, context, waitlistLead)

export const sendContactMessage = (request: Request, context: SubmissionContext) =>
	submitLead(request, context, contactLead)
