import { useLocation } from 'react-router'
import { operatorsCopy } from '#app/content/console.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { listOperators, pendingInvitations } from '#app/features/operators/accounts.server.ts'
import { inviteAction, operatorAction } from '#app/features/operators/operators.actions.server.ts'
import { OperatorsPage } from '#app/features/operators/operators-page.tsx'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/operators'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(operatorsCopy.title)

export async function loader({ context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	requireOperator(site)
	const [operators, invitations] = await Promise.all([listOperators(site.db), pendingInvitations(site.db)])
	const iso = (value: Date | null) => value?.toISOString() ?? null
	return {
		operators: operators.map((row) => ({
			...row,
			lastSignInAt: iso(row.lastSignInAt),
			disabledAt: iso(row.disabledAt),
			ownershipOfferedAt: iso(row.ownershipOfferedAt),
		})),
		invitations: invitations.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() })),
	}
}

export function action({ request, context, url }: Route.ActionArgs) {
	const site = context.get(siteContext)
	const intent = url.searchParams.get('intent')
	return intent === 'invite' ? inviteAction(request, site) : operatorAction(request, site)
}

export default function Operators({ loaderData, actionData }: Route.ComponentProps) {
	// Without JavaScript the page that answers a post has the form's intent in its address.
	const invited = new URLSearchParams(useLocation().search).get('intent') === 'invite'
	return (
		<OperatorsPage
			operators={loaderData.operators}
			invitations={loaderData.invitations}
			inviteResult={invited ? actionData : undefined}
			rowResult={invited ? undefined : actionData}
		/>
	)
}
