import { passkeySignInAction } from '#app/features/auth/passkeys.actions.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/passkey-sign-in'

export const action = ({ request, context }: Route.ActionArgs) => passkeySignInAction(request, context.get(siteContext))
