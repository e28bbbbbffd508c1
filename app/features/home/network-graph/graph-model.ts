import {
	GRAPH_HEIGHT,
	GRAPH_LABEL_MAX,
	GRAPH_LABEL_MAX_SCALE,
	GRAPH_WIDTH,
	type GraphLink,
	type GraphNode,
	type SocialPlatform,
} from '#app/content/graph.ts'

export type Point = { x: number; y: number }
/** Node positions in canvas units (0 to GRAPH_WIDTH, 0 to GRAPH_HEIGHT), by node id. */
export type GraphLayout = Record<string, Point>

/** Cuts a canvas label to `max` characters plus an ellipsis. */
export function truncateLabel(name: string, max = GRAPH_LABEL_MAX) {
	const characters = Array.from(name)
	return characters.length > max ? `${characters.slice(0, max).join('')}…` : name
}

export function nodeRadius(node: Pick<GraphNode, 'type'>) {
	return node.type === 'primary' ? 22 : node.type === 'domain' ? 14 : 11
}

const platformColors: Record<SocialPlatform, string> = {
	twitter: '#0f172a',
	linkedin: '#0e7490',
	facebook: '#6d28d9',
}

export function nodeColor(node: Pick<GraphNode, 'type' | 'platform'>) {
	if (node.type === 'primary') return '#1f56d1'
	if (node.type === 'domain') return '#047857'
	return platformColors[node.platform ?? 'twitter']
}

/** Keeps a node's centre far enough inside the canvas that the whole circle shows. */
export function clampToCanvas(point: Point, radius: number): Point {
	return {
		x: Math.min(GRAPH_WIDTH - radius, Math.max(radius, point.x)),
		y: Math.min(GRAPH_HEIGHT - radius, Math.max(radius, point.y)),
	}
}

/** Converts a pointer position on the displayed canvas to canvas units, whatever size CSS gives it. */
export function toCanvasPoint(
	clientX: number,
	clientY: number,
	rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
) {
	return {
		x: ((clientX - rect.left) * GRAPH_WIDTH) / rect.width,
		y: ((clientY - rect.top) * GRAPH_HEIGHT) / rect.height,
	}
}

/** The node under a point: the nearest one whose circle (plus a small margin for fingers) contains it. */
export function nodeAt<T extends Pick<GraphNode, 'type'> & Partial<Point>>(
	nodes: readonly T[],
	point: Point,
	margin = 4,
) {
	let best: T | null = null
	let bestDistance = Number.POSITIVE_INFINITY
	for (const node of nodes) {
		if (node.x === undefined || node.y === undefined) continue
		const distance = Math.hypot(node.x - point.x, node.y - point.y)
		if (distance <= nodeRadius(node) + margin && distance < bestDistance) {
			best = node
			bestDistance = distance
		}
	}
	return best
}

export function linkId(link: Pick<GraphLink, 'source' | 'target'>) {
	return `${link.source}-${link.target}`
}

/** Links touching a node, which the graph highlights while the node is hovered. */
export function linksOf(nodeId: string, links: readonly GraphLink[]) {
	return links.filter((link) => link.source === nodeId || link.target === nodeId)
}

/** Names of the nodes linked to a node, for the accessible table. */
export function neighbourNames(nodeId: string, nodes: readonly GraphNode[], links: readonly GraphLink[]) {
	const byId = new Map(nodes.map((node) => [node.id, node.name]))
	return linksOf(nodeId, links).map((link) => byId.get(link.source === nodeId ? link.target : link.source) ?? '')
}

/** How much node labels grow in canvas units so that they show at GRAPH_LABEL_PX on a canvas drawn `shownWidth` wide. */
export function labelScaleFor(shownWidth: number) {
	if (!(shownWidth > 0)) return 1
	return Math.min(Math.max(GRAPH_WIDTH / shownWidth, 1), GRAPH_LABEL_MAX_SCALE)
}
