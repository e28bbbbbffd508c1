import { metaFromLoader } from '../features/site/meta.ts'
import { siteConfig, staticPageSeo } from '../features/site/page-seo.server.ts'
import { organizationJsonLd, websiteJsonLd } from '../features/site/seo.ts'
import { useSite } from '../features/site/use-site.ts'
import { deferred, withDeferred } from '../ui/deferred.tsx'
import type { Route } from './+types/home'

const HomePage = deferred(() => import('../features/home/home-page.tsx').then((module) => module.HomePage))

export function loader() {
	const site = siteConfig()
	return { seo: staticPageSeo('home', { jsonLd: [organizationJsonLd(site), websiteJsonLd(site)] }) }
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
	withDeferred(request, serverLoader(), HomePage)

export const meta: Route.MetaFunction = metaFromLoader

export default function Home() {
	return <HomePage site={useSite()} />
}
