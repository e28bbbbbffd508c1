import { invitationCopy } from '#app/content/console.ts'
import { InvitationForm } from '#app/features/auth/link-forms.tsx'
import { invitationAction, invitationPage } from '#app/features/auth/link-pages.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/invitation'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(invitationCopy.title)

export const loader = ({ url, context }: Route.LoaderArgs) => invitationPage(url, context.get(siteContext))

export const action = ({ request, url, context }: Route.ActionArgs) =>
	invitationAction({ request, url }, context.get(siteContext))

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<h1 className="text-2xl font-bold text-slate-900">{invitationCopy.heading}</h1>
			<p className="mt-2 mb-6 text-slate-600">{invitationCopy.intro(loaderData.email)}</p>
			<InvitationForm token={loaderData.token} email={loaderData.email} initial={actionData} />
		</>
	)
}
