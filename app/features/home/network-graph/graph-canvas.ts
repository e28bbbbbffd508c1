import {
	forceCenter,
	forceCollide,
	forceLink,
	forceManyBody,
	forceSimulation,
	type Simulation,
	type SimulationLinkDatum,
	type SimulationNodeDatum,
} from 'd3-force'
import { GRAPH_HEIGHT, GRAPH_LABEL_PX, GRAPH_WIDTH, type GraphLink, type GraphNode } from '#app/content/graph.ts'
import {
	clampToCanvas,
	type GraphLayout,
	labelScaleFor,
	linkId,
	linksOf,
	nodeAt,
	nodeColor,
	nodeRadius,
	toCanvasPoint,
	truncateLabel,
} from './graph-model.ts'

/** A node as the layout moves it: `x`, `y` is its centre in canvas units; `fx`, `fy` pin it while it is dragged. */
export type PlacedNode = GraphNode & SimulationNodeDatum
type LayoutLink = Omit<GraphLink, 'source' | 'target'> & SimulationLinkDatum<PlacedNode>

/**
 * What the tooltip of a hovered node shows, and where it sits in percent of the canvas (so it follows the canvas at
 * any size): below a node in the top half, above (`above`) one in the bottom half.
 */
export type GraphTooltip = Pick<GraphNode, 'name' | 'value' | 'followers'> & {
	left: string
	top: string
	above: boolean
}

/** The parts of a 2D context the graph paints with, so a test can record them. */
export type GraphPainter = Pick<
	CanvasRenderingContext2D,
	| 'arc'
	| 'beginPath'
	| 'clearRect'
	| 'fill'
	| 'fillStyle'
	| 'fillText'
	| 'font'
	| 'globalAlpha'
	| 'lineTo'
	| 'lineWidth'
	| 'moveTo'
	| 'setLineDash'
	| 'setTransform'
	| 'stroke'
	| 'strokeStyle'
	| 'strokeText'
	| 'textAlign'
	| 'textBaseline'
>

/** The hovered node, if any, and the ids of the links it highlights. */
export type GraphHover = { nodeId: string | null; linkIds: string[] }

export type GraphPointer = Pick<PointerEvent, 'clientX' | 'clientY' | 'pointerId' | 'preventDefault'>
type PointerEventName = 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel' | 'pointerleave'

/** What the graph uses of its `<canvas>` element; a test can stand in for it without a DOM. */
export type GraphCanvasElement = {
	width: number
	height: number
	style: { cursor: string }
	getContext(contextId: '2d'): GraphPainter | null
	getBoundingClientRect(): Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>
	setPointerCapture(pointerId: number): void
	hasPointerCapture(pointerId: number): boolean
	releasePointerCapture(pointerId: number): void
	addEventListener(type: PointerEventName, listener: (event: GraphPointer) => void): void
	removeEventListener(type: PointerEventName, listener: (event: GraphPointer) => void): void
}

export type GraphCanvasOptions = {
	nodes: readonly GraphNode[]
	links: readonly GraphLink[]
	/** Called when the layout settles and after every drag, with each node's position in canvas units. */
	onLayout: (layout: GraphLayout) => void
	/** Called when the hovered node changes. */
	onHover: (hover: GraphHover) => void
	/** Called when the hovered node's tooltip appears, moves or goes. */
	onTooltip: (tooltip: GraphTooltip | null) => void
}

/** Ticks computed at once when motion is reduced: enough for the layout to settle. */
const STILL_LAYOUT_TICKS = 300

/** Each node's position rounded to canvas units, as the accessible list records it. */
export function layoutOf(nodes: readonly PlacedNode[]): GraphLayout {
	const layout: GraphLayout = {}
	for (const node of nodes) layout[node.id] = { x: Math.round(node.x ?? 0), y: Math.round(node.y ?? 0) }
	return layout
}

export function tooltipFor(node: PlacedNode): GraphTooltip {
	const x = node.x ?? 0
	const y = node.y ?? 0
	const above = y > GRAPH_HEIGHT / 2
	// Kept 90 units from the sides so a tooltip near the edge is not cut off.
	const left = Math.min(Math.max(x, 90), GRAPH_WIDTH - 90)
	const top = above ? y - nodeRadius(node) - 6 : y + nodeRadius(node) + 18
	return {
		name: node.name,
		value: node.value,
		followers: node.followers,
		above,
		left: `${(left / GRAPH_WIDTH) * 100}%`,
		top: `${(top / GRAPH_HEIGHT) * 100}%`,
	}
}

/** Paints links, then nodes with their labels; while a node is hovered, its links and neighbours stand out. */
export function drawGraph(
	painter: GraphPainter,
	nodes: readonly PlacedNode[],
	links: readonly GraphLink[],
	hoveredId: string | null,
	labelScale = 1,
) {
	const byId = new Map(nodes.map((node) => [node.id, node]))
	const highlighted = new Set(hoveredId ? linksOf(hoveredId, links) : [])
	const lit = new Set([hoveredId, ...[...highlighted].flatMap((link) => [link.source, link.target])])
	painter.clearRect(0, 0, GRAPH_WIDTH, GRAPH_HEIGHT)
	for (const link of links) {
		const source = byId.get(link.source)
		const target = byId.get(link.target)
		const on = highlighted.has(link)
		painter.globalAlpha = hoveredId && !on ? 0.15 : on ? 1 : 0.55
		painter.strokeStyle = on ? '#f59e0b' : '#64748b'
		painter.lineWidth = on ? 2 + link.strength * 3 : 1 + link.strength * 2
		painter.setLineDash(link.type === 'social' ? [5, 4] : [])
		painter.beginPath()
		painter.moveTo(source?.x ?? 0, source?.y ?? 0)
		painter.lineTo(target?.x ?? 0, target?.y ?? 0)
		painter.stroke()
	}
	painter.setLineDash([])
	painter.font = `600 ${GRAPH_LABEL_PX * labelScale}px ui-sans-serif, system-ui, sans-serif`
	painter.textAlign = 'center'
	painter.textBaseline = 'top'
	for (const node of nodes) {
		const x = node.x ?? 0
		const y = node.y ?? 0
		const radius = nodeRadius(node)
		painter.globalAlpha = hoveredId && !lit.has(node.id) ? 0.3 : 1
		painter.fillStyle = nodeColor(node)
		painter.beginPath()
		painter.arc(x, y, radius, 0, Math.PI * 2)
		painter.fill()
		painter.lineWidth = node.id === hoveredId ? 3 : 1.5
		painter.strokeStyle = node.id === hoveredId ? '#f59e0b' : '#ffffff'
		painter.stroke()
		const label = truncateLabel(node.name)
		painter.lineWidth = 3 * labelScale
		painter.strokeStyle = '#ffffff'
		painter.strokeText(label, x, y + radius + 3 * labelScale)
		painter.fillStyle = '#1e293b'
		painter.fillText(label, x, y + radius + 3 * labelScale)
	}
	painter.globalAlpha = 1
}

function keepInside(nodes: readonly PlacedNode[]) {
	for (const node of nodes) {
		const inside = clampToCanvas({ x: node.x ?? 0, y: node.y ?? 0 }, nodeRadius(node))
		node.x = inside.x
		node.y = inside.y
	}
}

/** Linked nodes pull together by the link's strength, every node pushes the others away, and none overlap. */
function layoutSimulation(
	nodes: PlacedNode[],
	links: readonly GraphLink[],
	labelScale: number,
): Simulation<PlacedNode, LayoutLink> {
	return forceSimulation(nodes)
		.force(
			'link',
			forceLink<PlacedNode, LayoutLink>(links.map((link) => ({ ...link })))
				.id((node) => node.id)
				.distance((link) => 170 - link.strength * 70)
				.strength((link) => link.strength),
		)
		.force('charge', forceManyBody().strength(-700))
		.force('center', forceCenter(GRAPH_WIDTH / 2, GRAPH_HEIGHT / 2))
		.force(
			'collide',
			// Room for the label under each node, larger labels needing more.
			forceCollide<PlacedNode>((node) => nodeRadius(node) + 16 * labelScale),
		)
		.alphaDecay(0.04)
}

/**
 * Lays the network out on the canvas and makes it interactive: hovering a node highlights its links and reports
 * its tooltip, and nodes can be dragged. Animates unless the user prefers reduced motion, and draws with a canvas
 * pixel per device pixel so it stays sharp. Returns the function that stops it all.
 */
export function mountGraphCanvas(canvas: GraphCanvasElement, options: GraphCanvasOptions): () => void {
	const painter = canvas.getContext('2d')
	// Without a 2D context nothing is drawn; the list of nodes beside the canvas stands in for it.
	if (!painter) return () => {}
	const { links, onLayout, onHover, onTooltip } = options
	const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches
	const pixelRatio = devicePixelRatio || 1
	canvas.width = GRAPH_WIDTH * pixelRatio
	canvas.height = GRAPH_HEIGHT * pixelRatio
	painter.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0)

	const nodes: PlacedNode[] = options.nodes.map((node) => ({ ...node }))
	let hovered: PlacedNode | null = null
	let dragged: PlacedNode | null = null
	// A phone draws the 600x400 canvas at about 0.6: labels grow in canvas units to stay readable. Read once, as the
	// layout's spacing is made for it: not a layout read on every frame.
	const labelScale = labelScaleFor(canvas.getBoundingClientRect().width)
	const draw = () => drawGraph(painter, nodes, links, hovered?.id ?? null, labelScale)
	const publishLayout = () => onLayout(layoutOf(nodes))

	const setHover = (node: PlacedNode | null) => {
		if (node === hovered) return
		hovered = node
		onTooltip(node && tooltipFor(node))
		onHover({ nodeId: node?.id ?? null, linkIds: node ? linksOf(node.id, links).map(linkId) : [] })
		draw()
	}

	const simulation = layoutSimulation(nodes, links, labelScale)
	if (reducedMotion) {
		simulation.stop()
		for (let i = 0; i < STILL_LAYOUT_TICKS; i++) {
			simulation.tick()
			keepInside(nodes)
		}
		draw()
		publishLayout()
	} else {
		simulation.on('tick', () => {
			keepInside(nodes)
			draw()
			if (hovered) onTooltip(tooltipFor(hovered))
		})
		simulation.on('end', publishLayout)
	}

	const pointFrom = (event: GraphPointer) => toCanvasPoint(event.clientX, event.clientY, canvas.getBoundingClientRect())

	const moveDragged = (event: GraphPointer) => {
		if (!dragged) return
		const point = clampToCanvas(pointFrom(event), nodeRadius(dragged))
		dragged.fx = point.x
		dragged.fy = point.y
		if (reducedMotion) {
			dragged.x = point.x
			dragged.y = point.y
			draw()
			onTooltip(tooltipFor(dragged))
		}
	}

	const onPointerDown = (event: GraphPointer) => {
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

	const onPointerMove = (event: GraphPointer) => {
		if (dragged) return moveDragged(event)
		const node = nodeAt(nodes, pointFrom(event))
		canvas.style.cursor = node ? 'grab' : 'default'
		setHover(node)
	}

	const onPointerUp = (event: GraphPointer) => {
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

	const listeners: [PointerEventName, (event: GraphPointer) => void][] = [
		['pointerdown', onPointerDown],
		['pointermove', onPointerMove],
		['pointerup', onPointerUp],
		['pointercancel', onPointerUp],
		['pointerleave', onPointerLeave],
	]
	for (const [type, listener] of listeners) canvas.addEventListener(type, listener)
	return () => {
		simulation.stop()
		for (const [type, listener] of listeners) canvas.removeEventListener(type, listener)
	}
}
