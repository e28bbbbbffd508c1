import { Link } from 'react-router'
import { newsletterCopy } from '#app/content/newsletter.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { NewsletterForm } from '#app/features/newsletter/newsletter-form.tsx'
import { subscribeToNewsletter } from '#app/features/newsletter/subscribe.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { pageSeo } from '#app/features/seo/page-seo.server.ts'
import { submitOrExplain } from '#app/forms/submission.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/newsletter'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

export const loader = () => ({ seo: pageSeo({ ...newsletterCopy.page, noindex: true }) })

export const meta: Route.MetaFunction = metaFromLoader

/** Every newsletter form posts here; without JavaScript this page shows the outcome. */
export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	return subscribeToNewsletter(request, site)
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
	return submitOrExplain(serverAction, newsletterCopy.failure)
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
	return (
		<section className="mx-auto max-w-lg px-4 py-16 sm:px-6 lg:px-8">
			<h1 className="text-3xl font-bold tracking-tight text-slate-900">{newsletterCopy.page.title}</h1>
			<p className="mt-4 mb-8 text-slate-700">{newsletterCopy.intro}</p>
			<NewsletterForm initial={actionData} source={actionData?.values?.source || undefined} />
			<p className="mt-8">
				<Link to={pagePaths.blog} className="font-medium text-brand-700 underline underline-offset-4">
					{newsletterCopy.page.backLink}
				</Link>
			</p>
		</section>
	)
}
