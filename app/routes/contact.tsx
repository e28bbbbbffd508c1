import { useRouteLoaderData } from 'react-router'
import { contactFormCopy } from '../content/contact.ts'
import { ContactPage } from '../features/leads/contact-page.tsx'
import { sendContactMessage } from '../features/leads/leads.server.ts'
import { submitOrExplain } from '../features/leads/submission.ts'
import { metaFromLoader } from '../features/site/meta.ts'
import { staticPageSeo } from '../features/site/page-seo.server.ts'
import type { loader as rootLoader } from '../root.tsx'
import type { Route } from './+types/contact'

export const loader = () => ({ seo: staticPageSeo('contact') })

export const meta: Route.MetaFunction = metaFromLoader

export function action({ request, context }: Route.ActionArgs) {
	return sendContactMessage(request, context)
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
	return submitOrExplain(serverAction, contactFormCopy.exception)
}

export default function Contact({ actionData }: Route.ComponentProps) {
	const site = useRouteLoaderData<typeof rootLoader>('root')?.site
	return <ContactPage site={site} result={actionData} />
}
