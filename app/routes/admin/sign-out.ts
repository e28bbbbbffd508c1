import { signOutAction } from '#app/features/operators/account.actions.server.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/sign-out'

export const action = ({ request, context }: Route.ActionArgs) => signOutAction(request, context.get(siteContext))
