import { cookiePolicy } from '../content/legal.ts'
import { LegalDocumentView } from '../features/legal/legal-document.tsx'
import { metaFromLoader } from '../features/site/meta.ts'
import { siteConfig, staticPageSeo } from '../features/site/page-seo.server.ts'
import type { Route } from './+types/cookies'

export const loader = () => ({ seo: staticPageSeo('cookies'), document: cookiePolicy(siteConfig()) })

export const meta: Route.MetaFunction = metaFromLoader

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
	return <LegalDocumentView document={loaderData.document} />
}
