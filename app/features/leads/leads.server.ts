import { betaCopy } from '../../content/beta-application.ts'
import { contactFormCopy } from '../../content/contact.ts'
import { waitlistCopy } from '../../content/waitlist.ts'
import { betaApplications, communityWaitlist, contactMessages } from '../../db/schema.ts'
import { trackFunnelEvent } from '../insights/funnel.server.ts'
import { enqueueNotification, escapeChatText } from '../notifications/outbox.server.ts'
import { handleSubmission, type SubmissionContext } from './form-request.server.ts'
import { betaApplicationSchema, contactSchema, waitlistSchema } from './schemas.ts'

/** "Label: value" lines for the chat message, with visitors' text escaped. */
function chatText(title: string, fields: [string, string | number | null][]) {
	const lines = fields.map(([label, value]) => `*${label}:* ${value === null ? '-' : escapeChatText(String(value))}`)
	return [title, ...lines].join('\n')
}

export function submitBetaApplication(request: Request, context: SubmissionContext) {
	return handleSubmission(request, context, {
		form: 'beta_application',
		schema: betaApplicationSchema,
		successMessage: betaCopy.successTitle,
		failureMessage: betaCopy.failure,
		store: async (input) => {
			await context.db.transaction(async (tx) => {
				const [row] = await tx.insert(betaApplications).values(input).returning()
				if (!row) throw new Error('insert returned no row')
				await enqueueNotification(tx, 'chat', {
					event: 'beta_application',
					text: chatText('New beta application', [
						['Name', row.full_name],
						['Email', row.email],
						['Company', row.company_name],
						['Domains', row.domain_count],
						['Current solution', row.current_solution],
						['Why interested', row.why_interested],
					]),
					name: row.full_name,
					email: row.email,
					company: row.company_name,
					domain_count: row.domain_count,
					current_solution: row.current_solution,
					why_interested: row.why_interested,
					time: row.created_at.toISOString(),
				})
			})
			await trackFunnelEvent(context, request, 'beta_application_submitted', {
				name: input.full_name,
				email: input.email,
				company: input.company_name,
				domain_count: input.domain_count,
			})
			return { ok: true, tone: 'success', message: betaCopy.successTitle }
		},
	})
}

export function joinWaitlist(request: Request, context: SubmissionContext) {
	return handleSubmission(request, context, {
		form: 'waitlist',
		schema: waitlistSchema,
		successMessage: waitlistCopy.success,
		failureMessage: waitlistCopy.failure,
		store: async (input) => {
			await context.db.transaction(async (tx) => {
				const [row] = await tx
					.insert(communityWaitlist)
					.values({ ...input, source: waitlistCopy.source, status: 'pending' })
					.returning()
				if (!row) throw new Error('insert returned no row')
				await enqueueNotification(tx, 'chat', {
					event: 'community_waitlist',
					text: chatText('New Domains Anonymous waitlist signup', [
						['Name', row.name],
						['Email', row.email],
						['Source', row.source],
					]),
					name: row.name,
					email: row.email,
					source: row.source,
					time: row.created_at.toISOString(),
				})
			})
			await trackFunnelEvent(context, request, 'waitlist_joined', { source: waitlistCopy.source })
			return { ok: true, tone: 'success', message: waitlistCopy.success }
		},
	})
}

export function sendContactMessage(request: Request, context: SubmissionContext) {
	return handleSubmission(request, context, {
		form: 'contact',
		schema: contactSchema,
		successMessage: contactFormCopy.success,
		failureMessage: contactFormCopy.failure,
		store: async (input) => {
			await context.db.transaction(async (tx) => {
				const [row] = await tx
					.insert(contactMessages)
					.values({ ...input, status: 'unread' })
					.returning()
				if (!row) throw new Error('insert returned no row')
				await enqueueNotification(tx, 'chat', {
					event: 'contact_message',
					text: chatText('New contact message', [
						['Name', row.name],
						['Email', row.email],
						['Subject', row.subject],
						['Message', row.message],
					]),
					name: row.name,
					email: row.email,
					subject: row.subject,
					message: row.message,
					time: row.created_at.toISOString(),
				})
			})
			await trackFunnelEvent(context, request, 'contact_sent')
			return { ok: true, tone: 'success', message: contactFormCopy.success }
		},
	})
}
