import type { PublicConfig } from '#app/features/site/config.server.ts'
import { HomeHero } from './home-hero.tsx'
import {
	BenefitsSection,
	ClosingCtaSection,
	GraphSection,
	LayersSection,
	ProblemsSection,
	ReviewsTeaserSection,
} from './home-sections.tsx'

export function HomePage({ site }: { site: PublicConfig }) {
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
