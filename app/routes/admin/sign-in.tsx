import { redirect } from 'react-router'
import { signInCopy } from '#app/content/console.ts'
import { PasskeySignIn } from '#app/features/auth/passkey-sign-in.tsx'
import { passkeyHostNote } from '#app/features/auth/passkeys.server.ts'
import { signInAction } from '#app/features/auth/sign-in.actions.server.ts'
import { SignInForm } from '#app/features/auth/sign-in-form.tsx'
import { safeNextPath } from '#app/features/console/console-paths.ts'
import { consoleMeta } from '#app/features/console/use-console.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/sign-in'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const meta: Route.MetaFunction = () => consoleMeta(signInCopy.title)

export function loader({ context, url }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const next = url.searchParams.get('next')
	if (site.operatorSession) throw redirect(safeNextPath(next, site.operatorSession.operator.role))
	return { next: safeNextPath(next), passkeyHostNote: passkeyHostNote(site.config, url) }
}

export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	return signInAction(request, site)
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<h1 className="text-2xl font-bold text-slate-900">{signInCopy.heading}</h1>
			<p className="mt-2 mb-6 text-slate-600">{signInCopy.intro}</p>
			<SignInForm next={loaderData.next} initial={actionData} />
			<PasskeySignIn next={loaderData.next} hostNote={loaderData.passkeyHostNote} />
			<p className="mt-6 text-sm text-slate-600">{signInCopy.forgot}</p>
		</>
	)
}
