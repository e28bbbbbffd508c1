import { metaFromLoader } from '../features/site/meta.ts'
import { staticPageSeo } from '../features/site/page-seo.server.ts'
import { deferred, withDeferred } from '../ui/deferred.tsx'
import type { Route } from './+types/how-it-works'

const HowItWorksPage = deferred(() =>
	import('../features/marketing/how-it-works-page.tsx').then((module) => module.HowItWorksPage),
)

export const loader = () => ({ seo: staticPageSeo('howItWorks') })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), HowItWorksPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function HowItWorks() {
	return <HowItWorksPage />
}
