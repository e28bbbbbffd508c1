import { pricingFaqs } from '#app/content/faqs.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { siteConfig, staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { faqPageJsonLd, plansJsonLd } from '#app/features/seo/structured-data.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/pricing'

const PricingPage = deferred(() =>
	import('#app/features/pricing/pricing-page.tsx').then((module) => module.PricingPage),
)

export const loader = () => ({
	seo: staticPageSeo('pricing', { jsonLd: [faqPageJsonLd(pricingFaqs), ...plansJsonLd(siteConfig())] }),
})

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), PricingPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Pricing() {
	return <PricingPage />
}
