import { metaFromLoader } from '#app/features/site/meta.ts'
import { staticPageSeo } from '#app/features/site/page-seo.server.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/pricing'

const PricingPage = deferred(() =>
	import('#app/features/pricing/pricing-page.tsx').then((module) => module.PricingPage),
)

export const loader = () => ({ seo: staticPageSeo('pricing') })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), PricingPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Pricing() {
	return <PricingPage />
}
