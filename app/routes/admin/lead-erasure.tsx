import { inboxCopy } from '#app/content/inbox.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { eraseAction } from '#app/features/inbox/actions.server.ts'
import { erasureSummary } from '#app/features/inbox/erasure.server.ts'
import { ErasurePage } from '#app/features/inbox/erasure-page.tsx'
import { requireLead } from '#app/features/inbox/lead.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/lead-erasure'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(inboxCopy.erase.title)

export async function loader({ params, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const lead = await requireLead(site.db, params)
	return {
		lead: { kind: lead.kind, id: lead.id, email: lead.email },
		summary: await erasureSummary(site.db, lead.email),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const lead = await requireLead(site.db, params)
	return eraseAction(request, site, lead.email)
}

export default function LeadErasure({ loaderData, actionData }: Route.ComponentProps) {
	return <ErasurePage {...loaderData} result={actionData} />
}
