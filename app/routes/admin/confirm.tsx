import { confirmCopy } from '#app/content/console.ts'
import { confirmAction } from '#app/features/auth/confirm.actions.server.ts'
import { ConfirmPage } from '#app/features/auth/confirm-page.tsx'
import { requireOperator } from '#app/features/console/console.server.ts'
import { MAX_NEXT_PATH } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/confirm'

export const meta: Route.MetaFunction = () => consoleMeta(confirmCopy.title)

export function loader({ url, context }: Route.LoaderArgs) {
	requireOperator(context.get(siteContext))
	return { next: (url.searchParams.get('next') ?? '').slice(0, MAX_NEXT_PATH) }
}

export const action = ({ request, context }: Route.ActionArgs) => confirmAction(request, context.get(siteContext))

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
	return <ConfirmPage next={loaderData.next} initial={actionData} />
}
