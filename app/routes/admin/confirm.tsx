import { confirmCopy } from '#app/content/console.ts'
import { confirmAction } from '#app/features/auth/confirm.actions.server.ts'
import { ConfirmPage } from '#app/features/auth/confirm-page.tsx'
import { listPasskeys, passkeyHostNote } from '#app/features/auth/passkeys.server.ts'
import { requireOperator } from '#app/features/console/console.server.ts'
import { MAX_NEXT_PATH } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/confirm'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(confirmCopy.title)

export async function loader({ url, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const session = requireOperator(site)
	return {
		next: (url.searchParams.get('next') ?? '').slice(0, MAX_NEXT_PATH),
		hasPasskeys: (await listPasskeys(site.db, session.operator.id)).length > 0,
		passkeyHostNote: passkeyHostNote(site.config, url),
	}
}

export const action = ({ request, context }: Route.ActionArgs) => confirmAction(request, context.get(siteContext))

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<ConfirmPage
			next={loaderData.next}
			initial={actionData}
			passkey={loaderData.hasPasskeys ? { hostNote: loaderData.passkeyHostNote } : null}
		/>
	)
}
