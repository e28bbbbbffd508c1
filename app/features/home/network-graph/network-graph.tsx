import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { GRAPH_HEIGHT, GRAPH_WIDTH, graphCopy, graphLinks, graphNodes } from '#app/content/graph.ts'
import { formatWholeNumber } from '#app/content/number-format.ts'
import type { GraphHover } from './graph-canvas.ts'
import { type GraphLayout, neighbourNames, nodeColor, truncateLabel } from './graph-model.ts'

const NetworkGraphCanvas = lazy(() => import('./network-graph-canvas.tsx'))

/** Starts loading the canvas chunk once the graph is about to scroll into view, never before first paint. */
function useNearViewport() {
	const ref = useRef<HTMLDivElement>(null)
	const [near, setNear] = useState(false)
	useEffect(() => {
		const element = ref.current
		if (!element) return
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) {
					setNear(true)
					observer.disconnect()
				}
			},
			{ rootMargin: '300px 0px' },
		)
		observer.observe(element)
		return () => observer.disconnect()
	}, [])
	return { ref, near }
}

const legend = [
	{ label: graphCopy.typeLabels.primary, color: nodeColor({ type: 'primary' }) },
	{ label: graphCopy.typeLabels.domain, color: nodeColor({ type: 'domain' }) },
	...(['twitter', 'linkedin', 'facebook'] as const).map((platform) => ({
		label: graphCopy.platformLabels[platform],
		color: nodeColor({ type: 'social', platform }),
	})),
]

/**
 * The interactive network and its accessible equivalent: the list shows the same nodes and links, and
 * stands in for the canvas without JavaScript. Each item carries the node's canvas label and position.
 */
export function NetworkGraph() {
	const { ref, near } = useNearViewport()
	const [layout, setLayout] = useState<GraphLayout | null>(null)
	const [hover, setHover] = useState<GraphHover>({ nodeId: null, linkIds: [] })

	return (
		<figure
			className="space-y-6"
			data-graph-settled={layout ? 'true' : 'false'}
			data-hovered-node={hover.nodeId ?? ''}
			data-highlighted-links={hover.linkIds.join(' ')}
		>
			<div className="js-only">
				<p className="mx-auto mb-3 max-w-[600px] text-center text-sm text-slate-700">{graphCopy.instructions}</p>
				{/* Content-box sizing puts the border outside the 600x400 area, so the canvas is shown at exactly that size. */}
				<div
					ref={ref}
					data-graph-area=""
					className="relative mx-auto box-content max-w-[600px] overflow-hidden rounded-xl border border-slate-200 bg-white"
					style={{ aspectRatio: `${GRAPH_WIDTH} / ${GRAPH_HEIGHT}` }}
				>
					{near ? (
						<Suspense fallback={<p className="p-6 text-sm text-slate-600">{graphCopy.loading}</p>}>
							<NetworkGraphCanvas onLayout={setLayout} onHover={setHover} />
						</Suspense>
					) : null}
				</div>
				<ul className="mx-auto mt-3 flex max-w-[600px] flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
					{legend.map((entry) => (
						<li key={entry.label} className="flex items-center gap-1.5">
							<span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: entry.color }} />
							{entry.label}
						</li>
					))}
				</ul>
			</div>
			<section aria-label={graphCopy.listLabel}>
				<ul className="grid gap-3 text-sm sm:grid-cols-2">
					{graphNodes.map((node) => (
						<li
							key={node.id}
							data-node-id={node.id}
							data-label={truncateLabel(node.name)}
							data-x={layout?.[node.id]?.x}
							data-y={layout?.[node.id]?.y}
							className="rounded-lg border border-slate-200 bg-white p-4"
						>
							<p className="flex items-center gap-2 font-semibold break-all text-slate-900">
								<span
									aria-hidden="true"
									className="h-2.5 w-2.5 shrink-0 rounded-full"
									style={{ backgroundColor: nodeColor(node) }}
								/>
								{node.name}
							</p>
							<dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
								<dt className="text-slate-600">{graphCopy.columns.type}</dt>
								<dd>
									{node.platform
										? `${graphCopy.typeLabels.social} (${graphCopy.platformLabels[node.platform]})`
										: graphCopy.typeLabels[node.type]}
								</dd>
								<dt className="text-slate-600">{graphCopy.columns.value}</dt>
								<dd>{node.value}</dd>
								<dt className="text-slate-600">{graphCopy.columns.followers}</dt>
								<dd>{formatWholeNumber(node.followers)}</dd>
								<dt className="text-slate-600">{graphCopy.columns.links}</dt>
								<dd className="break-words">{neighbourNames(node.id, graphNodes, graphLinks).join(', ')}</dd>
							</dl>
						</li>
					))}
				</ul>
			</section>
			<figcaption className="text-center text-sm text-slate-600">{graphCopy.sampleNote}</figcaption>
		</figure>
	)
}
