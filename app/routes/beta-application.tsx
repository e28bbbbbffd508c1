import { Link } from 'react-router'
import { betaCopy } from '#app/content/beta-application.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { BetaApplicationForm } from '#app/features/leads/beta-application-form.tsx'
import { submitBetaApplication } from '#app/features/leads/leads.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { pageSeo } from '#app/features/seo/page-seo.server.ts'
import { submitOrExplain } from '#app/forms/submission.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/beta-application'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const loader = () => ({ seo: pageSeo({ ...betaCopy.page, noindex: true }) })

export const meta: Route.MetaFunction = metaFromLoader

/** The dialog's form posts here from any page; without JavaScript its trigger leads here too. */
export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	return submitBetaApplication(request, site)
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
	return submitOrExplain(serverAction, betaCopy.failure)
}

export default function BetaApplicationPage({ actionData }: Route.ComponentProps) {
	return (
		<section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 lg:px-8">
			<h1 className="text-4xl font-bold tracking-tight text-slate-900">{betaCopy.title}</h1>
			<p className="mt-4 mb-8 text-lg text-slate-700">{betaCopy.description}</p>
			<BetaApplicationForm initial={actionData} />
			<p className="mt-8">
				<Link to={pagePaths.howItWorks} className="font-medium text-brand-700 underline underline-offset-4">
					{betaCopy.page.backLink}
				</Link>
			</p>
		</section>
	)
}
