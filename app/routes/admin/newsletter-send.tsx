import { data } from 'react-router'
import { newsletterSendsCopy } from '#app/content/newsletter-sends.ts'
import { rowIdParam } from '#app/features/auth/schemas.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { pauseSendAction } from '#app/features/newsletter/send-actions.server.ts'
import { getSend, listRecipients } from '#app/features/newsletter/sends.server.ts'
import { SendReportPage, sendView } from '#app/features/newsletter/sends-pages.tsx'
import { type SiteContext, siteContext } from '#app/load-context.ts'
import type { Route } from './+types/newsletter-send'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = ({ loaderData }) =>
	consoleMeta(loaderData ? newsletterSendsCopy.report.title(loaderData.send.title) : newsletterSendsCopy.title)

const notFound = () =>
	data({ heading: newsletterSendsCopy.report.notFound, text: newsletterSendsCopy.report.notFound }, { status: 404 })

async function requireSend(context: SiteContext, idParam: string) {
	const id = rowIdParam(idParam)
	const send = id === undefined ? null : await getSend(context.db, id)
	if (!send) throw notFound()
	return send
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const send = await requireSend(site, params.id)
	const email = (url.searchParams.get('email') ?? '').trim().slice(0, 200)
	const after = rowIdParam(url.searchParams.get('after'))
	const page = await listRecipients(site.db, send.id, { after, email: email || undefined })
	const last = page.recipients.at(-1)
	const more = new URLSearchParams({ ...(email ? { email } : {}), ...(last ? { after: String(last.id) } : {}) })
	return {
		send: sendView(send),
		recipients: page.recipients.map((recipient) => ({
			...recipient,
			deliveredAt: recipient.deliveredAt?.toISOString() ?? null,
		})),
		search: email,
		moreHref: page.more && last ? `${consolePaths.newsletterSend(send.id)}?${more}` : null,
	}
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const send = await requireSend(site, params.id)
	return pauseSendAction(request, site, send.id, url.searchParams.get('intent') !== 'resume')
}

export default function NewsletterSend({ loaderData, actionData }: Route.ComponentProps) {
	return <SendReportPage {...loaderData} result={actionData} />
}
