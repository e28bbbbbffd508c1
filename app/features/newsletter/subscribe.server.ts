import { sql } from 'drizzle-orm'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { selectRows } from '#app/db/client.server.ts'
import { articleSlug } from '#app/features/blog/paths.ts'
import { leadConsoleUrl, submittedFromPath } from '#app/features/inbox/lead-origin.server.ts'
import { visitAttribution } from '#app/features/insights/attribution.server.ts'
import { trackFunnelEvent } from '#app/features/insights/funnel.server.ts'
import { chatField, enqueueNotification } from '#app/features/notifications/outbox.server.ts'
import { handleSubmission, type SubmissionContext } from '#app/forms/request.server.ts'
import type { SubmissionResult } from '#app/forms/submission.ts'
import { enqueueConfirmationEmail } from './confirmation.server.ts'
import { newsletterSchema } from './schema.ts'

type Upserted = { id: number | string; inserted: boolean; created_at: string | Date; version: number | string }

/**
 * A sign-up from an address already subscribed but not yet confirmed gets its confirmation email again (true); one
 * confirmed gets nothing. Both keep the spec's "already subscribed" answer.
 */
async function confirmationResent(
	tx: Parameters<typeof enqueueConfirmationEmail>[0] & Parameters<typeof selectRows>[0],
	config: Parameters<typeof enqueueConfirmationEmail>[1] & Pick<SubmissionContext['config'], 'SMTP_URL'>,
	email: string,
) {
	if (!config.SMTP_URL) return false
	const [unconfirmed] = await selectRows<{ id: number | string; version: number | string; email: string }>(
		tx,
		sql`SELECT id, status_version AS version, email FROM newsletter_subscribers
			WHERE lower(btrim(email)) = lower(btrim(${email})) AND status = 'active' AND confirmed_at IS NULL`,
	)
	if (!unconfirmed) return false
	await enqueueConfirmationEmail(tx, config, {
		id: Number(unconfirmed.id),
		version: Number(unconfirmed.version),
		email: unconfirmed.email,
	})
	return true
}

export function subscribeToNewsletter(request: Request, context: SubmissionContext) {
	const { config } = context
	return handleSubmission(request, context, {
		form: 'newsletter',
		schema: newsletterSchema,
		successMessage: newsletterCopy.success,
		failureMessage: newsletterCopy.failure,
		invalidMessage: (fieldErrors) => Object.values(fieldErrors)[0] ?? newsletterCopy.failure,
		store: async (input): Promise<SubmissionResult> => {
			// With email, a sign-up counts once its address confirms it (double opt-in); without, at once, as it did.
			const confirmedAt = config.SMTP_URL ? null : new Date()
			const attribution = await visitAttribution(context.db, request, {
				clientAddress: context.clientAddress,
				siteUrl: config.SITE_URL,
			})
			const pagePath = submittedFromPath(request, config.SITE_URL)
			const outcome = await context.db.transaction(async (tx) => {
				// One statement against the unique index on lower(btrim(email)): two simultaneous sign-ups
				// cannot both insert, and an active subscriber is left untouched (no row comes back). A resubscription is
				// a status change by the visitor: it raises the version, so an operator's older view of the row is stale.
				const [row] = await selectRows<Upserted>(
					tx,
					sql`INSERT INTO newsletter_subscribers (email, name, source, status, confirmed_at, page_path, landing_path,
							referrer_host, utm_source, utm_medium, utm_campaign, ref, from_post_id)
						VALUES (${input.email}, ${input.name}, ${input.source}, 'active', ${confirmedAt}, ${pagePath},
							${attribution.landing_path},
							${attribution.referrer_host}, ${attribution.utm_source}, ${attribution.utm_medium},
							${attribution.utm_campaign}, ${attribution.ref},
							(SELECT id FROM blog_posts WHERE seo_slug = ${articleSlug(pagePath)}))
						ON CONFLICT ((lower(btrim(email)))) DO UPDATE
							SET status = 'active', unsubscribed_at = NULL, confirmed_at = EXCLUDED.confirmed_at,
								source = EXCLUDED.source,
								page_path = EXCLUDED.page_path, landing_path = EXCLUDED.landing_path,
								referrer_host = EXCLUDED.referrer_host, utm_source = EXCLUDED.utm_source,
								utm_medium = EXCLUDED.utm_medium, utm_campaign = EXCLUDED.utm_campaign, ref = EXCLUDED.ref,
								from_post_id = EXCLUDED.from_post_id,
								status_version = newsletter_subscribers.status_version + 1,
								status_changed_at = now(), status_changed_by = NULL
							WHERE newsletter_subscribers.status <> 'active'
						RETURNING id, (xmax = 0) AS inserted, created_at, status_version AS version`,
				)
				if (!row)
					return (await confirmationResent(tx, config, input.email))
						? ('resent' as const)
						: ('already-subscribed' as const)
				const id = Number(row.id)
				const lead = { kind: 'newsletter', id }
				const resubscribed = !row.inserted
				const consoleUrl = leadConsoleUrl(config.SITE_URL, lead.kind, id)
				await enqueueNotification(
					tx,
					'newsletter',
					{
						event: resubscribed ? 'newsletter_resubscribe' : 'newsletter_signup',
						text: [
							resubscribed ? 'Newsletter resubscription' : 'New newsletter subscriber',
							chatField('Email', input.email),
							chatField('Name', input.name),
							chatField('Source', input.source),
							`<${consoleUrl}|Open in the console>`,
						].join('\n'),
						email: input.email,
						name: input.name,
						source: input.source,
						resubscribed,
						time: new Date().toISOString(),
						console_url: consoleUrl,
					},
					lead,
				)
				if (config.SMTP_URL) {
					await enqueueConfirmationEmail(tx, config, { id, version: Number(row.version), email: input.email })
				}
				return resubscribed ? ('resubscribed' as const) : ('subscribed' as const)
			})
			// The spec's answer for an active address, whether or not it has confirmed (an unconfirmed one got its link again).
			if (outcome === 'already-subscribed' || outcome === 'resent') {
				return { ok: false, tone: 'info', message: newsletterCopy.alreadySubscribed }
			}
			await trackFunnelEvent(context, request, attribution, 'newsletter_subscribed', {
				source: input.source,
				resubscribed: outcome === 'resubscribed',
			})
			if (outcome === 'resubscribed') {
				return { ok: true, tone: 'success', message: newsletterCopy.resubscribed, resubscribed: true }
			}
			return { ok: true, tone: 'success', message: newsletterCopy.success, resubscribed: false }
		},
	})
}
