import type { Layer } from '#app/content/layers.ts'
import { badgeCheckIcon, Icon, type IconNode } from '#app/ui/icons.tsx'

const barChart3Icon: IconNode = [
	['path', { d: 'M3 3v16a2 2 0 0 0 2 2h16' }],
	['path', { d: 'M18 17V9' }],
	['path', { d: 'M13 17V5' }],
	['path', { d: 'M8 17v-3' }],
]
const flameIcon: IconNode = [
	['path', { d: 'M12 3q1 4 4 6.5t3 5.5a1 1 0 0 1-14 0 5 5 0 0 1 1-3 1 1 0 0 0 5 0c0-2-1.5-3-1.5-5q0-2 2.5-4' }],
]
const rocketIcon: IconNode = [
	['path', { d: 'M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5' }],
	['path', { d: 'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09' }],
	['path', { d: 'M9 12a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.4 22.4 0 0 1-4 2z' }],
	['path', { d: 'M9 12H4s.55-3.03 2-4c1.62-1.08 5 .05 5 .05' }],
]

const icons = { manage: barChart3Icon, launch: rocketIcon, verify: badgeCheckIcon, warm: flameIcon } as const

/** The four layers as stacked cards, each with its tier and features. */
export function LayerCards({
	layers,
	headingLevel = 3,
	compact = false,
}: {
	layers: Layer[]
	headingLevel?: 2 | 3
	/** Compact cards leave out the summary and list features in two columns (hero). */
	compact?: boolean
}) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<ol className={compact ? 'space-y-3' : 'grid gap-6 md:grid-cols-2'}>
			{layers.map((layer, index) => {
				const icon = icons[layer.key]
				return (
					<li
						key={layer.key}
						className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
						data-layer={layer.key}
					>
						<div className="flex items-start gap-4">
							<span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
								<Icon node={icon} className="h-5 w-5" />
							</span>
							<div className="min-w-0 flex-1">
								<div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
									<Heading className="text-lg font-bold text-slate-900">
										<span className="sr-only">Layer {index + 1}: </span>
										{layer.name}
										<span className="font-medium text-slate-600"> · {layer.title}</span>
									</Heading>
									<span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
										{layer.tier}
									</span>
								</div>
								{compact ? null : <p className="mt-2 text-slate-700">{layer.summary}</p>}
								<ul className={`mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 ${compact ? 'sm:grid-cols-2' : ''}`}>
									{layer.features.map((feature) => (
										<li key={feature} className="flex gap-2">
											<span aria-hidden="true" className="text-brand-600">
												✓
											</span>
											{feature}
										</li>
									))}
								</ul>
								{layer.note ? <p className="mt-2 text-sm font-semibold text-amber-800">{layer.note}</p> : null}
							</div>
						</div>
					</li>
				)
			})}
		</ol>
	)
}
