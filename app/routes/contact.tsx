import { useRouteLoaderData } from 'react-router'
import { contactPageCopy } from '#app/content/contact.ts'
import { submissionMessages } from '#app/content/lead-forms.ts'
import { sendContactMessage } from '#app/features/leads/leads.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { faqPageJsonLd } from '#app/features/seo/structured-data.ts'
import { submitOrExplain } from '#app/forms/submission.ts'
import { siteContext } from '#app/load-context.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/contact'

export { answerHeaders as headers } from '#app/forms/answer-headers.ts'

const ContactPage = deferred(() => import('#app/features/leads/contact-page.tsx').then((module) => module.ContactPage))

export const loader = () => ({ seo: staticPageSeo('contact', { jsonLd: [faqPageJsonLd(contactPageCopy.faqs)] }) })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), ContactPage)

export const meta: Route.MetaFunction = metaFromLoader

export function action({ request, context }: Route.ActionArgs) {
	const site = context.get(siteContext)
	return sendContactMessage(request, site)
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
	return submitOrExplain(serverAction, submissionMessages.unexpected)
}

export default function Contact({ actionData }: Route.ComponentProps) {
	const site = useRouteLoaderData<typeof rootLoader>('root')?.site
	return <ContactPage site={site} result={actionData} />
}
