import { metaFromLoader } from '#app/features/seo/meta.ts'
import { staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/support'

const SupportPage = deferred(() =>
	import('#app/features/marketing/support-page.tsx').then((module) => module.SupportPage),
)

export const loader = () => ({ seo: staticPageSeo('support') })

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), SupportPage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Support() {
	return <SupportPage />
}
