import { passkeyRegistrationAction } from '#app/features/auth/passkeys.actions.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/passkey-register'

export const action = ({ request, context }: Route.ActionArgs) =>
	passkeyRegistrationAction(request, context.get(siteContext))
