import { privacyPolicy } from '#app/content/legal.ts'
import { LegalDocumentView } from '#app/features/marketing/legal-document.tsx'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { siteConfig, staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import type { RouteHandle } from '#app/features/site/route-handle.ts'
import type { Route } from './+types/privacy'

export const loader = () => ({ seo: staticPageSeo('privacy'), document: privacyPolicy(siteConfig()) })

export const meta: Route.MetaFunction = metaFromLoader

// Nothing on the page needs JavaScript.
export const handle: RouteHandle = { hydrate: false }

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
	return <LegalDocumentView document={loaderData.document} />
}
