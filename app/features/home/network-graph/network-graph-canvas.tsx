import { useEffect, useRef, useState } from 'react'
import { graphCopy, graphLinks, graphNodes } from '#app/content/graph.ts'
import { formatWholeNumber } from '#app/content/number-format.ts'
import { type GraphHover, type GraphTooltip, mountGraphCanvas } from './graph-canvas.ts'
import type { GraphLayout } from './graph-model.ts'

/** State setters, or other functions that stay the same: the graph is laid out again when they change. */
export type NetworkGraphCanvasProps = {
	/** Called when the layout settles and after every drag, with each node's position in canvas units. */
	onLayout: (layout: GraphLayout) => void
	/** Called when the hovered node changes. */
	onHover: (hover: GraphHover) => void
}

/** The network graph's 600x400 canvas and its tooltip; loaded as its own chunk after first paint. */
export default function NetworkGraphCanvas({ onLayout, onHover }: NetworkGraphCanvasProps) {
	const canvasRef = useRef<HTMLCanvasElement>(null)
	const [tooltip, setTooltip] = useState<GraphTooltip | null>(null)

	useEffect(() => {
		if (!canvasRef.current) return
		return mountGraphCanvas(canvasRef.current, {
			nodes: graphNodes,
			links: graphLinks,
			onLayout,
			onHover,
			onTooltip: setTooltip,
		})
	}, [onLayout, onHover])

	return (
		<>
			<canvas
				ref={canvasRef}
				role="img"
				aria-label={graphCopy.canvasLabel}
				className="block h-full w-full touch-none"
			/>
			{tooltip ? (
				<div
					aria-hidden="true"
					data-graph-tooltip=""
					className={`pointer-events-none absolute z-10 w-max max-w-56 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg ${
						tooltip.above ? '-translate-y-full' : ''
					}`}
					style={{ left: tooltip.left, top: tooltip.top }}
				>
					<p className="font-semibold">{tooltip.name}</p>
					<p>
						{graphCopy.tooltip.value}: {tooltip.value}
					</p>
					<p>
						{graphCopy.tooltip.followers}: {formatWholeNumber(tooltip.followers)}
					</p>
				</div>
			) : null}
		</>
	)
}
