import { resetCopy } from '#app/content/console.ts'
import { ResetPasswordForm } from '#app/features/auth/link-forms.tsx'
import { resetPasswordAction, resetPasswordPage } from '#app/features/auth/link-pages.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/reset-password'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(resetCopy.title)

export const loader = ({ url, context }: Route.LoaderArgs) => resetPasswordPage(url, context.get(siteContext))

export const action = ({ request, url, context }: Route.ActionArgs) =>
	resetPasswordAction({ request, url }, context.get(siteContext))

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<h1 className="text-2xl font-bold text-slate-900">{resetCopy.heading}</h1>
			<p className="mt-2 mb-6 text-slate-600">{resetCopy.intro(loaderData.email)}</p>
			<ResetPasswordForm token={loaderData.token} email={loaderData.email} initial={actionData} />
		</>
	)
}
