import { howItWorksFaqs } from '#app/content/faqs.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { faqPageJsonLd } from '#app/features/seo/structured-data.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/how-it-works'

const HowItWorksPage = deferred(() =>
	import('#app/features/marketing/how-it-works-page.tsx').then((module) => module.HowItWorksPage),
)

export const loader = () => ({ seo: staticPageSeo('howItWorks', { jsonLd: [faqPageJsonLd(howItWorksFaqs)] }) })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), HowItWorksPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function HowItWorks() {
	return <HowItWorksPage />
}
