import { passkeySignInAction } from '../../features/operators/passkeys.actions.server.ts'
import type { Route } from './+types/passkey-sign-in'

export const action = ({ request, context }: Route.ActionArgs) => passkeySignInAction(request, context)
