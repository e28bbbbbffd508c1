import { roadmapCopy } from '#app/content/roadmap.ts'
import { useSite } from '#app/features/site/use-site.ts'
import { Icon, type IconNode, usersIcon } from '#app/ui/icons.tsx'
import { PageIntro } from '#app/ui/page-sections.tsx'
import { RoadmapBoard } from './roadmap-board.tsx'

const clipboardListIcon: IconNode = [
	['rect', { width: '8', height: '4', x: '8', y: '2', rx: '1', ry: '1' }],
	['path', { d: 'M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2' }],
	['path', { d: 'M12 11h4' }],
	['path', { d: 'M12 16h4' }],
	['path', { d: 'M8 11h.01' }],
	['path', { d: 'M8 16h.01' }],
]
const lightbulbIcon: IconNode = [
	[
		'path',
		{ d: 'M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5' },
	],
	['path', { d: 'M9 18h6' }],
	['path', { d: 'M10 22h4' }],
]
const trendingUpIcon: IconNode = [
	['path', { d: 'M16 7h6v6' }],
	['path', { d: 'm22 7-8.5 8.5-5-5L2 17' }],
]

const tileIcons = [trendingUpIcon, clipboardListIcon, usersIcon, lightbulbIcon]

export function RoadmapPage() {
	const site = useSite()
	return (
		<>
			<section className="bg-gradient-to-b from-brand-50 to-white">
				<div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
					<PageIntro heading={roadmapCopy.heading} lead={roadmapCopy.lead} />
					<ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
						{roadmapCopy.tiles.map((tile, index) => {
							const icon = tileIcons[index] ?? lightbulbIcon
							return (
								<li key={tile.title} className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
									<Icon node={icon} className="mx-auto h-7 w-7 text-brand-600" />
									<h2 className="mt-3 font-bold text-slate-900">{tile.title}</h2>
									<p className="mt-1 text-sm text-slate-700">{tile.text}</p>
								</li>
							)
						})}
					</ul>
				</div>
			</section>
			<RoadmapBoard roadmapUrl={site.roadmapUrl} />
			<section aria-label="How the roadmap works" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
				<ul className="grid gap-6 md:grid-cols-3">
					{roadmapCopy.infoCards.map((card) => (
						<li key={card.title} className="rounded-xl bg-slate-50 p-6">
							<h2 className="text-lg font-bold text-slate-900">{card.title}</h2>
							<p className="mt-2 text-slate-700">{card.text}</p>
						</li>
					))}
				</ul>
			</section>
		</>
	)
}
