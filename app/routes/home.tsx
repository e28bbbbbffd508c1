import { HomeHero } from '../features/home/home-hero.tsx'
import {
	BenefitsSection,
	ClosingCtaSection,
	GraphSection,
	LayersSection,
	ProblemsSection,
	ReviewsTeaserSection,
} from '../features/home/home-sections.tsx'
import { metaFromLoader } from '../features/site/meta.ts'
import { siteConfig, staticPageSeo } from '../features/site/page-seo.server.ts'
import { organizationJsonLd, websiteJsonLd } from '../features/site/seo.ts'
import { useSite } from '../features/site/use-site.ts'
import type { Route } from './+types/home'

export function loader() {
	const site = siteConfig()
	return { seo: staticPageSeo('home', { jsonLd: [organizationJsonLd(site), websiteJsonLd(site)] }) }
}

export const meta: Route.MetaFunction = metaFromLoader

export default function Home() {
	const site = useSite()
	return (
		<>
			<HomeHero site={site} />
			{site.heroVariant === 'import' ? <LayersSection /> : null}
			<BenefitsSection />
			<ReviewsTeaserSection />
			<ProblemsSection />
			<GraphSection />
			<ClosingCtaSection site={site} />
		</>
	)
}
