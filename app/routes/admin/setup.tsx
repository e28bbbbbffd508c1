import { setupCopy } from '#app/content/console.ts'
import { SetupForm } from '#app/features/auth/link-forms.tsx'
import { setupAction, setupPage } from '#app/features/auth/link-pages.server.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/setup'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(setupCopy.title)

export const loader = ({ url, context }: Route.LoaderArgs) => setupPage(url, context.get(siteContext))

export const action = ({ request, url, context }: Route.ActionArgs) =>
	setupAction({ request, url }, context.get(siteContext))

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<h1 className="text-2xl font-bold text-slate-900">{setupCopy.heading}</h1>
			<p className="mt-2 mb-6 text-slate-600">{setupCopy.intro}</p>
			<SetupForm token={loaderData.token} initial={actionData} />
		</>
	)
}
