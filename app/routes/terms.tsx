import { termsOfService } from '#app/content/legal.ts'
import { LegalDocumentView } from '#app/features/marketing/legal-document.tsx'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { siteConfig, staticPageSeo } from '#app/features/seo/page-seo.server.ts'
import type { RouteHandle } from '#app/features/site/route-handle.ts'
import type { Route } from './+types/terms'

export const loader = () => ({ seo: staticPageSeo('terms'), document: termsOfService(siteConfig()) })

export const meta: Route.MetaFunction = metaFromLoader

// Nothing on the page needs JavaScript.
export const handle: RouteHandle = { hydrate: false }

export default function TermsPage({ loaderData }: Route.ComponentProps) {
	return <LegalDocumentView document={loaderData.document} numbered />
}
