import { passkeyConfirmAction } from '#app/features/auth/passkeys.actions.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/passkey-confirm'

export const action = ({ request, context }: Route.ActionArgs) =>
	passkeyConfirmAction(request, context.get(siteContext))
