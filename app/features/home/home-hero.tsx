import { Link } from 'react-router'
import { heroCopy, importHeroCopy } from '#app/content/home.ts'
import { layers } from '#app/content/layers.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { LayerCards } from '#app/features/marketing/layer-cards.tsx'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { buttonClass } from '#app/ui/button.ts'
import { ExternalLink } from '#app/ui/external-link.tsx'

type HeroProps = { appUrl: string }

function Promises() {
	return (
		<ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
			{heroCopy.promises.map((promise) => (
				<li key={promise} className="flex items-center gap-1.5">
					<span aria-hidden="true" className="text-emerald-700">
						✓
					</span>
					{promise}
				</li>
			))}
		</ul>
	)
}

function HeroText({ children }: { children: React.ReactNode }) {
	return (
		<div>
			<p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
				{heroCopy.eyebrow}
			</p>
			<h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
				{heroCopy.headline}
			</h1>
			<p className="mt-6 max-w-xl text-lg text-slate-700">{heroCopy.lead}</p>
			<div className="mt-8 flex flex-wrap gap-3">{children}</div>
			<Promises />
		</div>
	)
}

/** Default hero: Start Free Trial (same tab) beside the four stacked layer cards, top-aligned so that a page painted
 * before its HTML has fully arrived does not move the text when the cards come in. */
export function LayersHero({ appUrl }: HeroProps) {
	return (
		<div className="grid items-start gap-12 lg:grid-cols-2">
			<HeroText>
				<a href={`${appUrl}/register`} className={buttonClass('primary')}>
					{heroCopy.startTrial}
				</a>
			</HeroText>
			<section aria-label={heroCopy.layersLabel}>
				<LayerCards layers={layers} headingLevel={2} compact />
			</section>
		</div>
	)
}

/** Variant hero: import in a new tab, the walkthrough on /how-it-works, and a dashboard preview. */
export function ImportHero({ appUrl }: HeroProps) {
	return (
		<div className="grid items-start gap-12 lg:grid-cols-2">
			<HeroText>
				<ExternalLink href={`${appUrl}/register`} className={buttonClass('primary')}>
					{importHeroCopy.importPortfolio}
				</ExternalLink>
				<Link to={`${pagePaths.howItWorks}#videos`} className={buttonClass('secondary')}>
					{importHeroCopy.seeHowItWorks}
				</Link>
			</HeroText>
			<img
				src={importHeroCopy.previewSrc}
				width={importHeroCopy.previewWidth}
				height={importHeroCopy.previewHeight}
				alt={importHeroCopy.previewAlt}
				className="h-auto w-full rounded-xl border border-slate-200 shadow-xl"
				fetchPriority="high"
			/>
		</div>
	)
}

/** The home hero chosen by the HERO_VARIANT setting. */
export function HomeHero({ site }: { site: Pick<PublicConfig, 'appUrl' | 'heroVariant'> }) {
	return (
		<section className="bg-gradient-to-b from-brand-50 to-white">
			<div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
				{site.heroVariant === 'import' ? <ImportHero appUrl={site.appUrl} /> : <LayersHero appUrl={site.appUrl} />}
			</div>
		</section>
	)
}
