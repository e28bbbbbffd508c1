import {
	forceCenter,
	forceCollide,
	forceLink,
	forceManyBody,
	forceSimulation,
	type SimulationLinkDatum,
	type SimulationNodeDatum,
} from 'd3-force'
import { useEffect, useRef, useState } from 'react'
import {
	GRAPH_HEIGHT,
	GRAPH_WIDTH,
	type GraphLink,
	type GraphNode,
	graphCopy,
	graphLinks,
	graphNodes,
} from '../../../content/graph.ts'
import { formatWholeNumber } from '../../../content/number-format.ts'
import {
	clampToCanvas,
	type GraphLayout,
	linkId,
	linksOf,
	nodeAt,
	nodeColor,
	nodeRadius,
	toCanvasPoint,
	truncateLabel,
} from './graph-model.ts'

type SimNode = GraphNode & SimulationNodeDatum
type SimLink = Omit<GraphLink, 'source' | 'target'> & SimulationLinkDatum<SimNode> & { id: string }

/** Ticks computed at once when motion is reduced: enough for the layout to settle. */
const STILL_LAYOUT_TICKS = 300

export type NetworkGraphCanvasProps = {
	/** Called when the layout settles and after every drag, with each node's position in canvas units. */
	onLayout: (layout: GraphLayout) => void
	/** Called with the hovered node and the ids of its highlighted links. */
	onHover: (nodeId: string | null, linkIds: string[]) => void
}

type Tip = Pick<GraphNode, 'name' | 'value' | 'followers'> & { x: number; y: number; radius: number }

function tipFor(node: SimNode | null): Tip | null {
	if (!node) return null
	return {
		name: node.name,
		value: node.value,
		followers: node.followers,
		x: node.x ?? 0,
		y: node.y ?? 0,
		radius: nodeRadius(node),
	}
}

function endpointId(end: SimLink['source']) {
	return typeof end === 'object' ? end.id : String(end)
}

/** The d3-force network drawn on a 600x400 canvas; loaded as its own chunk after first paint. */
export default function NetworkGraphCanvas({ onLayout, onHover }: NetworkGraphCanvasProps) {
	const canvasRef = useRef<HTMLCanvasElement>(null)
	const [tip, setTip] = useState<Tip | null>(null)
	const callbacks = useRef({ onLayout, onHover })
	callbacks.current = { onLayout, onHover }

	useEffect(() => {
		const canvas = canvasRef.current
		const context = canvas?.getContext('2d')
		if (!canvas || !context) return
		const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
		const ratio = window.devicePixelRatio || 1
		canvas.width = GRAPH_WIDTH * ratio
		canvas.height = GRAPH_HEIGHT * ratio
		context.setTransform(ratio, 0, 0, ratio, 0, 0)

		const nodes: SimNode[] = graphNodes.map((node) => ({ ...node }))
		const links: SimLink[] = graphLinks.map((link) => ({ ...link, id: linkId(link) }))
		let hoveredId: string | null = null
		let dragged: SimNode | null = null

		const keepInside = () => {
			for (const node of nodes) {
				const inside = clampToCanvas({ x: node.x ?? 0, y: node.y ?? 0 }, nodeRadius(node))
				node.x = inside.x
				node.y = inside.y
			}
		}

		const draw = () => {
			const highlighted = new Set(hoveredId ? linksOf(hoveredId, graphLinks).map(linkId) : [])
			const lit = new Set(hoveredId ? [hoveredId] : [])
			for (const link of links) {
				if (highlighted.has(link.id)) {
					lit.add(endpointId(link.source))
					lit.add(endpointId(link.target))
				}
			}
			context.clearRect(0, 0, GRAPH_WIDTH, GRAPH_HEIGHT)
			for (const link of links) {
				const source = link.source as SimNode
				const target = link.target as SimNode
				const on = highlighted.has(link.id)
				context.globalAlpha = hoveredId && !on ? 0.15 : on ? 1 : 0.55
				context.strokeStyle = on ? '#f59e0b' : '#64748b'
				context.lineWidth = on ? 2 + link.strength * 3 : 1 + link.strength * 2
				context.setLineDash(link.type === 'social' ? [5, 4] : [])
				context.beginPath()
				context.moveTo(source.x ?? 0, source.y ?? 0)
				context.lineTo(target.x ?? 0, target.y ?? 0)
				context.stroke()
			}
			context.setLineDash([])
			context.font = '600 11px ui-sans-serif, system-ui, sans-serif'
			context.textAlign = 'center'
			context.textBaseline = 'top'
			for (const node of nodes) {
				const x = node.x ?? 0
				const y = node.y ?? 0
				const radius = nodeRadius(node)
				context.globalAlpha = hoveredId && !lit.has(node.id) ? 0.3 : 1
				context.fillStyle = nodeColor(node)
				context.beginPath()
				context.arc(x, y, radius, 0, Math.PI * 2)
				context.fill()
				context.lineWidth = node.id === hoveredId ? 3 : 1.5
				context.strokeStyle = node.id === hoveredId ? '#f59e0b' : '#ffffff'
				context.stroke()
				const label = truncateLabel(node.name)
				context.lineWidth = 3
				context.strokeStyle = '#ffffff'
				context.strokeText(label, x, y + radius + 3)
				context.fillStyle = '#1e293b'
				context.fillText(label, x, y + radius + 3)
			}
			context.globalAlpha = 1
		}

		const publishLayout = () => {
			const layout: GraphLayout = {}
			for (const node of nodes) layout[node.id] = { x: Math.round(node.x ?? 0), y: Math.round(node.y ?? 0) }
			callbacks.current.onLayout(layout)
		}

		const setHover = (node: SimNode | null) => {
			if ((node?.id ?? null) === hoveredId) return
			hoveredId = node?.id ?? null
			setTip(tipFor(node))
			callbacks.current.onHover(hoveredId, hoveredId ? linksOf(hoveredId, graphLinks).map(linkId) : [])
			draw()
		}

		const simulation = forceSimulation(nodes)
			.force(
				'link',
				forceLink<SimNode, SimLink>(links)
					.id((node) => node.id)
					.distance((link) => 170 - link.strength * 70)
					.strength((link) => link.strength),
			)
			.force('charge', forceManyBody().strength(-700))
			.force('center', forceCenter(GRAPH_WIDTH / 2, GRAPH_HEIGHT / 2))
			.force(
				'collide',
				forceCollide<SimNode>((node) => nodeRadius(node) + 16),
			)
			.alphaDecay(0.04)

		if (reducedMotion) {
			simulation.stop()
			for (let i = 0; i < STILL_LAYOUT_TICKS; i++) {
				simulation.tick()
				keepInside()
			}
			draw()
			publishLayout()
		} else {
			simulation.on('tick', () => {
				keepInside()
				draw()
				if (hoveredId) setTip(tipFor(nodes.find((node) => node.id === hoveredId) ?? null))
			})
			simulation.on('end', publishLayout)
		}

		const pointFrom = (event: PointerEvent) =>
			toCanvasPoint(event.clientX, event.clientY, canvas.getBoundingClientRect())

		const moveDragged = (event: PointerEvent) => {
			if (!dragged) return
			const point = clampToCanvas(pointFrom(event), nodeRadius(dragged))
			dragged.fx = point.x
			dragged.fy = point.y
			if (reducedMotion) {
				dragged.x = point.x
				dragged.y = point.y
				draw()
				setTip(tipFor(dragged))
			}
		}

		const onPointerDown = (event: PointerEvent) => {
			const node = nodeAt(nodes, pointFrom(event))
			if (!node) return
			event.preventDefault()
			dragged = node
			canvas.setPointerCapture(event.pointerId)
			canvas.style.cursor = 'grabbing'
			setHover(node)
			if (!reducedMotion) simulation.alphaTarget(0.3).restart()
			moveDragged(event)
		}

		const onPointerMove = (event: PointerEvent) => {
			if (dragged) return moveDragged(event)
			const node = nodeAt(nodes, pointFrom(event))
			canvas.style.cursor = node ? 'grab' : 'default'
			setHover(node)
		}

		const onPointerUp = (event: PointerEvent) => {
			if (!dragged) return
			moveDragged(event)
			if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId)
			canvas.style.cursor = 'grab'
			// The dropped node stays where it was put; the others settle around it.
			dragged = null
			if (reducedMotion) publishLayout()
			else simulation.alphaTarget(0)
		}

		const onPointerLeave = () => {
			if (!dragged) setHover(null)
		}

		canvas.addEventListener('pointerdown', onPointerDown)
		canvas.addEventListener('pointermove', onPointerMove)
		canvas.addEventListener('pointerup', onPointerUp)
		canvas.addEventListener('pointercancel', onPointerUp)
		canvas.addEventListener('pointerleave', onPointerLeave)
		return () => {
			simulation.stop()
			canvas.removeEventListener('pointerdown', onPointerDown)
			canvas.removeEventListener('pointermove', onPointerMove)
			canvas.removeEventListener('pointerup', onPointerUp)
			canvas.removeEventListener('pointercancel', onPointerUp)
			canvas.removeEventListener('pointerleave', onPointerLeave)
		}
	}, [])

	return (
		<>
			<canvas
				ref={canvasRef}
				width={GRAPH_WIDTH}
				height={GRAPH_HEIGHT}
				role="img"
				aria-label={graphCopy.canvasLabel}
				className="block h-full w-full touch-none"
			/>
			{tip ? (
				<div
					aria-hidden="true"
					data-graph-tooltip=""
					className={`pointer-events-none absolute z-10 w-max max-w-56 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg ${
						tip.y > GRAPH_HEIGHT / 2 ? '-translate-y-full' : ''
					}`}
					style={{
						left: `${(Math.min(Math.max(tip.x, 90), GRAPH_WIDTH - 90) / GRAPH_WIDTH) * 100}%`,
						top: `${((tip.y > GRAPH_HEIGHT / 2 ? tip.y - tip.radius - 6 : tip.y + tip.radius + 18) / GRAPH_HEIGHT) * 100}%`,
					}}
				>
					<p className="font-semibold">{tip.name}</p>
					<p>
						{graphCopy.tooltip.value}: {tip.value}
					</p>
					<p>
						{graphCopy.tooltip.followers}: {formatWholeNumber(tip.followers)}
					</p>
				</div>
			) : null}
		</>
	)
}
