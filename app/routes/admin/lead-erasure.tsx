import { inboxCopy } from '../../content/inbox.ts'
import { consoleMeta } from '../../features/console/use-console.ts'
import { eraseAction } from '../../features/inbox/actions.server.ts'
import { erasureSummary } from '../../features/inbox/erasure.server.ts'
import { ErasurePage } from '../../features/inbox/erasure-page.tsx'
import { requireLead } from '../../features/inbox/lead.server.ts'
import { requireOperator } from '../../features/operators/console.server.ts'
import type { Route } from './+types/lead-erasure'

export const meta: Route.MetaFunction = () => consoleMeta(inboxCopy.erase.title)

export async function loader({ params, context }: Route.LoaderArgs) {
	requireOperator(context)
	const lead = await requireLead(context.db, params)
	return {
		lead: { kind: lead.kind, id: lead.id, email: lead.email },
		summary: await erasureSummary(context.db, lead.email),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	requireOperator(context)
	const lead = await requireLead(context.db, params)
	return eraseAction(request, context, lead.email)
}

export default function LeadErasure({ loaderData, actionData }: Route.ComponentProps) {
	return <ErasurePage {...loaderData} result={actionData} />
}
