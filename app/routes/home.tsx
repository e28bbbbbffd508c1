import { metaFromLoader } from '#app/features/seo/meta.ts'
import { siteConfig, staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import { organizationJsonLd, plansJsonLd, websiteJsonLd } from '#app/features/seo/structured-data.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { deferred, withDeferred } from '#app/ui/deferred.tsx'
import type { Route } from './+types/home'

const HomePage = deferred(() => import('#app/features/home/home-page.tsx').then((module) => module.HomePage))

export function loader() {
	const site = siteConfig()
	return {
		seo: staticPageSeo('home', { jsonLd: [organizationJsonLd(site), websiteJsonLd(site), ...plansJsonLd(site)] }),
	}
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), HomePage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Home() {
	return <HomePage site={useSite()} />
}
