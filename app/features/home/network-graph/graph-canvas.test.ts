import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GRAPH_HEIGHT, GRAPH_WIDTH, type GraphNode, graphLinks, graphNodes } from '#app/content/graph.ts'
import {
	drawGraph,
	type GraphCanvasElement,
	type GraphCanvasOptions,
	type GraphPainter,
	type GraphPointer,
	layoutOf,
	mountGraphCanvas,
	type PlacedNode,
	tooltipFor,
} from './graph-canvas.ts'
import { clampToCanvas, type GraphLayout, labelScaleFor, nodeRadius, type Point } from './graph-model.ts'

/** One stroke, fill or text as painted, with the path and the context state at that moment. */
type Paint = {
	kind: 'stroke' | 'fill' | 'strokeText' | 'fillText'
	path: number[][]
	text?: string
	alpha: number
	style: string
	lineWidth: number
	dash: number[]
}

/** A 2D context that records what is painted, frame by frame (each frame starts with clearing the canvas). */
function recordingPainter() {
	const frames: Paint[][] = []
	const transforms: unknown[][] = []
	let path: number[][] = []
	let dash: number[] = []
	const record = (kind: Paint['kind'], style: unknown, text?: string) =>
		frames.at(-1)?.push({
			kind,
			path,
			text,
			alpha: painter.globalAlpha,
			style: String(style),
			lineWidth: painter.lineWidth,
			dash,
		})
	const painter: GraphPainter = {
		globalAlpha: 1,
		fillStyle: '#000000',
		strokeStyle: '#000000',
		lineWidth: 1,
		font: '',
		textAlign: 'start',
		textBaseline: 'alphabetic',
		clearRect: (...area: number[]) => {
			expect(area).toEqual([0, 0, GRAPH_WIDTH, GRAPH_HEIGHT])
			frames.push([])
		},
		setTransform: (...matrix: unknown[]) => {
			transforms.push(matrix)
		},
		setLineDash: (segments: Iterable<number>) => {
			dash = [...segments]
		},
		beginPath: () => {
			path = []
		},
		moveTo: (x: number, y: number) => {
			path.push([x, y])
		},
		lineTo: (x: number, y: number) => {
			path.push([x, y])
		},
		arc: (x: number, y: number, radius: number) => {
			path.push([x, y, radius])
		},
		stroke: () => record('stroke', painter.strokeStyle),
		fill: () => record('fill', painter.fillStyle),
		strokeText: (text: string) => record('strokeText', painter.strokeStyle, text),
		fillText: (text: string) => record('fillText', painter.fillStyle, text),
	}
	return { painter, frames, transforms, lastFrame: () => frames.at(-1) ?? [] }
}

/** Which node a painted point is the centre of, and so which links and circles a frame holds. */
function readFrame(frame: Paint[], layout: GraphLayout) {
	const nodeAtPoint = ([x, y]: number[] = []) =>
		Object.keys(layout).find((id) => Math.round(x ?? -1) === layout[id]?.x && Math.round(y ?? -1) === layout[id]?.y)
	const links = new Map(
		frame
			.filter((paint) => paint.kind === 'stroke' && paint.path.length === 2)
			.map((paint) => [`${nodeAtPoint(paint.path[0])}-${nodeAtPoint(paint.path[1])}`, paint]),
	)
	const circles = (kind: Paint['kind']) =>
		new Map(
			frame
				.filter((paint) => paint.kind === kind && paint.path[0]?.length === 3)
				.map((paint) => [nodeAtPoint(paint.path[0]), paint]),
		)
	const labels = frame.filter((paint) => paint.kind === 'fillText').map((paint) => paint.text)
	return { links, fills: circles('fill'), outlines: circles('stroke'), labels }
}

/** A stand-in `<canvas>` shown at `box` (half size by default, as on a phone) that takes pointer events. */
function fakeCanvas(box = { left: 10, top: 20, width: GRAPH_WIDTH / 2, height: GRAPH_HEIGHT / 2 }) {
	const recording = recordingPainter()
	const listeners = new Map<string, (event: GraphPointer) => void>()
	const captured = new Set<number>()
	const canvas = {
		width: GRAPH_WIDTH,
		height: GRAPH_HEIGHT,
		style: { cursor: '' },
		getContext: () => recording.painter,
		getBoundingClientRect: () => box,
		setPointerCapture: (pointerId: number) => {
			captured.add(pointerId)
		},
		hasPointerCapture: (pointerId: number) => captured.has(pointerId),
		releasePointerCapture: (pointerId: number) => {
			captured.delete(pointerId)
		},
		addEventListener: (type: string, listener: (event: GraphPointer) => void) => {
			listeners.set(type, listener)
		},
		removeEventListener: (type: string, listener: (event: GraphPointer) => void) => {
			if (listeners.get(type) === listener) listeners.delete(type)
		},
	} satisfies GraphCanvasElement
	/** Sends a pointer event where a point in canvas units is shown on screen. */
	const pointer = (type: string, point: Point) => {
		const event = {
			clientX: box.left + (point.x * box.width) / GRAPH_WIDTH,
			clientY: box.top + (point.y * box.height) / GRAPH_HEIGHT,
			pointerId: 7,
			preventDefault: vi.fn(),
		}
		listeners.get(type)?.(event)
		return event
	}
	return { ...recording, canvas, listeners, captured, pointer }
}

/** The screen the graph is mounted on: whether its user prefers reduced motion, and its device pixel ratio. */
type Screen = { reducedMotion?: boolean; pixelRatio?: number }

function mount({ reducedMotion = true, pixelRatio = 2, ...options }: Partial<GraphCanvasOptions> & Screen = {}) {
	vi.stubGlobal('matchMedia', (query: string) => ({
		matches: reducedMotion && query === '(prefers-reduced-motion: reduce)',
	}))
	vi.stubGlobal('devicePixelRatio', pixelRatio)
	const fake = fakeCanvas()
	const onLayout = vi.fn<GraphCanvasOptions['onLayout']>()
	const onHover = vi.fn<GraphCanvasOptions['onHover']>()
	const onTooltip = vi.fn<GraphCanvasOptions['onTooltip']>()
	const destroy = mountGraphCanvas(fake.canvas, {
		nodes: graphNodes,
		links: graphLinks,
		onLayout,
		onHover,
		onTooltip,
		...options,
	})
	const layout = () => onLayout.mock.lastCall?.[0] ?? {}
	const positionOf = (id: string) => layout()[id] ?? { x: Number.NaN, y: Number.NaN }
	return { ...fake, destroy, onLayout, onHover, onTooltip, layout, positionOf }
}

/** The sample network spread over the canvas in a fixed pattern, as a settled layout might place it. */
const placedNodes: PlacedNode[] = graphNodes.map((node, index) => ({
	...node,
	x: 40 + index * 55,
	y: 60 + (index % 3) * 120,
}))

// d3's timer keeps one frame schedule for every simulation in the file: all of them run on the same fake clock.
beforeAll(() => {
	vi.useFakeTimers()
})
afterEach(() => {
	vi.unstubAllGlobals()
})
afterAll(() => {
	vi.useRealTimers()
})

/** More nodes than fit: they push each other out past the canvas's edges unless kept inside. */
const crowd: GraphNode[] = Array.from({ length: 60 }, (_, index) => ({
	id: `crowd-${index}`,
	name: `crowd-${index}.com`,
	type: 'domain',
	value: '$100',
	followers: index,
}))

function expectWholeInside(layout: GraphLayout, nodes: readonly GraphNode[]) {
	for (const node of nodes) {
		const { x = Number.NaN, y = Number.NaN } = layout[node.id] ?? {}
		const radius = nodeRadius(node)
		expect(x).toBeGreaterThanOrEqual(radius - 0.5)
		expect(x).toBeLessThanOrEqual(GRAPH_WIDTH - radius + 0.5)
		expect(y).toBeGreaterThanOrEqual(radius - 0.5)
		expect(y).toBeLessThanOrEqual(GRAPH_HEIGHT - radius + 0.5)
	}
}

describe('layout', () => {
	it('records positions rounded to whole canvas units', () => {
		const [first] = placedNodes
		if (!first) throw new Error('no sample nodes')
		expect(layoutOf([{ ...first, x: 10.4, y: 399.6 }])).toEqual({ [first.id]: { x: 10, y: 400 } })
	})
})

describe('tooltip', () => {
	const hub = graphNodes[0]
	if (!hub) throw new Error('no sample nodes')

	it('shows the name, value and followers below a node in the top half of the canvas', () => {
		expect(tooltipFor({ ...hub, x: 300, y: 100 })).toEqual({
			name: 'ideaforge.com',
			value: '$48,500',
			followers: 12400,
			above: false,
			left: '50%',
			top: `${((100 + 22 + 18) / GRAPH_HEIGHT) * 100}%`,
		})
	})

	it('sits above a node in the bottom half, and no nearer a side than 90 canvas units', () => {
		expect(tooltipFor({ ...hub, x: 590, y: 300 })).toMatchObject({
			above: true,
			left: `${(510 / GRAPH_WIDTH) * 100}%`,
			top: `${((300 - 22 - 6) / GRAPH_HEIGHT) * 100}%`,
		})
		expect(tooltipFor({ ...hub, x: 5, y: 300 }).left).toBe('15%')
	})
})

describe('drawing', () => {
	const layout = layoutOf(placedNodes)

	it('draws every link, social ones dashed, and every node with its label cut to 12 characters', () => {
		const { painter, lastFrame } = recordingPainter()
		drawGraph(painter, placedNodes, graphLinks, null)
		const frame = readFrame(lastFrame(), layout)
		expect([...frame.links.keys()]).toEqual(graphLinks.map((link) => `${link.source}-${link.target}`))
		for (const link of graphLinks) {
			const paint = frame.links.get(`${link.source}-${link.target}`)
			expect(paint).toMatchObject({ alpha: 0.55, style: '#64748b', lineWidth: 1 + link.strength * 2 })
			expect(paint?.dash).toEqual(link.type === 'social' ? [5, 4] : [])
		}
		expect([...frame.fills.keys()]).toEqual(graphNodes.map((node) => node.id))
		expect([...frame.fills.values()].every((paint) => paint.alpha === 1)).toBe(true)
		expect(frame.fills.get('hub')).toMatchObject({ style: '#1f56d1', path: [[40, 60, 22]] })
		expect(frame.labels).toContain('sustainablee…')
		expect(frame.labels).toContain('petpal.io')
		expect(frame.labels.every((label) => (label?.length ?? 0) <= 13)).toBe(true)
	})

	it('grows labels in canvas units where the canvas is drawn narrow, so a phone shows them at 11 px', () => {
		const { painter } = recordingPainter()
		drawGraph(painter, placedNodes, graphLinks, null)
		expect(painter.font).toMatch(/^600 11px /)
		// A 390 px phone draws the canvas 356 px wide.
		const phone = labelScaleFor(356)
		drawGraph(painter, placedNodes, graphLinks, null, phone)
		const size = Number(/^600 ([\d.]+)px /.exec(painter.font)?.[1])
		expect((size * 356) / GRAPH_WIDTH).toBeCloseTo(11, 5)
		expect(labelScaleFor(GRAPH_WIDTH)).toBe(1)
		expect(labelScaleFor(1200)).toBe(1)
		expect(labelScaleFor(100)).toBe(1.8)
		expect(labelScaleFor(0)).toBe(1)
	})

	it('highlights a hovered node’s links and neighbours and fades the rest', () => {
		const { painter, lastFrame } = recordingPainter()
		drawGraph(painter, placedNodes, graphLinks, 'solar')
		const frame = readFrame(lastFrame(), layout)
		const highlighted = ['hub-solar', 'solar-health', 'solar-solar-x']
		for (const [id, paint] of frame.links) {
			expect(paint).toMatchObject(highlighted.includes(id) ? { alpha: 1, style: '#f59e0b' } : { alpha: 0.15 })
		}
		const lit = ['solar', 'hub', 'health', 'solar-x']
		for (const [id, paint] of frame.fills) expect(paint.alpha).toBe(lit.includes(id ?? '') ? 1 : 0.3)
		expect(frame.outlines.get('solar')).toMatchObject({ style: '#f59e0b', lineWidth: 3 })
		expect(frame.outlines.get('hub')).toMatchObject({ style: '#ffffff', lineWidth: 1.5 })
	})
})

describe('mounted graph with reduced motion', () => {
	it('keeps two device pixels per canvas unit on a 2x screen and draws in canvas units', () => {
		const { canvas, transforms } = mount()
		expect({ width: canvas.width, height: canvas.height }).toEqual({ width: GRAPH_WIDTH * 2, height: GRAPH_HEIGHT * 2 })
		expect(transforms).toEqual([[2, 0, 0, 2, 0, 0]])
	})

	it('lays the network out at once, every node whole inside the canvas and none overlapping', () => {
		const { onLayout, frames, layout } = mount()
		expect(onLayout).toHaveBeenCalledOnce()
		expect(frames).toHaveLength(1)
		expectWholeInside(layout(), graphNodes)
		const placed = graphNodes.map((node) => ({ radius: nodeRadius(node), ...layout()[node.id] }))
		for (const [index, a] of placed.entries()) {
			for (const b of placed.slice(index + 1)) {
				expect(Math.hypot((a.x ?? 0) - (b.x ?? 0), (a.y ?? 0) - (b.y ?? 0))).toBeGreaterThan(a.radius + b.radius)
			}
		}
	})

	it('keeps every node of a crowded network whole inside the canvas', () => {
		const { layout } = mount({ nodes: crowd, links: [] })
		expectWholeInside(layout(), crowd)
	})

	it('reports the hovered node with its links and tooltip, once per change, and clears them on leaving', () => {
		const { pointer, positionOf, onHover, onTooltip, canvas, lastFrame, layout } = mount()
		pointer('pointermove', positionOf('solar'))
		pointer('pointermove', { x: positionOf('solar').x + 1, y: positionOf('solar').y })
		expect(onHover.mock.calls).toEqual([[{ nodeId: 'solar', linkIds: ['hub-solar', 'solar-health', 'solar-solar-x'] }]])
		expect(onTooltip.mock.lastCall?.[0]).toMatchObject({
			name: 'sustainableenergyhub.com',
			value: '$12,800',
			followers: 3100,
		})
		expect(canvas.style.cursor).toBe('grab')
		expect(readFrame(lastFrame(), layout()).outlines.get('solar')).toMatchObject({ style: '#f59e0b' })

		pointer('pointermove', { x: 0, y: 0 })
		expect(onHover.mock.lastCall).toEqual([{ nodeId: null, linkIds: [] }])
		expect(onTooltip.mock.lastCall).toEqual([null])
		expect(canvas.style.cursor).toBe('default')

		pointer('pointermove', positionOf('hub'))
		pointer('pointerleave', { x: -1, y: -1 })
		expect(onHover.mock.calls.map(([hover]) => hover.nodeId)).toEqual(['solar', null, 'hub', null])
	})

	it('moves a dragged node to where it is dropped, kept whole inside the canvas, and records the new layout', () => {
		const { pointer, positionOf, captured, canvas, onLayout, onTooltip } = mount()
		const down = pointer('pointerdown', positionOf('health'))
		expect(down.preventDefault).toHaveBeenCalled()
		expect(captured.has(7)).toBe(true)
		expect(canvas.style.cursor).toBe('grabbing')
		pointer('pointermove', { x: 300, y: 200 })
		pointer('pointerup', { x: 540, y: 340 })
		expect(captured.size).toBe(0)
		expect(canvas.style.cursor).toBe('grab')
		expect(positionOf('health')).toEqual({ x: 540, y: 340 })
		expect(onTooltip.mock.lastCall?.[0]).toMatchObject({ name: 'fitfuel.app', above: true, left: '85%' })
		expect(onLayout).toHaveBeenCalledTimes(2)

		pointer('pointerdown', positionOf('pets'))
		pointer('pointerup', { x: -50, y: 900 })
		expect(positionOf('pets')).toEqual({ x: 14, y: GRAPH_HEIGHT - 14 })
	})

	it('leaves a press on empty canvas alone', () => {
		const { pointer, captured, onHover } = mount()
		const down = pointer('pointerdown', { x: 0, y: 0 })
		pointer('pointerup', { x: 0, y: 0 })
		expect(down.preventDefault).not.toHaveBeenCalled()
		expect(captured.size).toBe(0)
		expect(onHover).not.toHaveBeenCalled()
	})

	it('stops listening when destroyed', () => {
		const { destroy, listeners } = mount()
		expect([...listeners.keys()].sort()).toEqual([
			'pointercancel',
			'pointerdown',
			'pointerleave',
			'pointermove',
			'pointerup',
		])
		destroy()
		expect(listeners.size).toBe(0)
	})

	it('draws nothing without a 2D context', () => {
		const { canvas } = fakeCanvas()
		const onLayout = vi.fn()
		const destroy = mountGraphCanvas(
			{ ...canvas, getContext: () => null },
			{
				nodes: graphNodes,
				links: graphLinks,
				onLayout,
				onHover() {},
				onTooltip() {},
			},
		)
		destroy()
		expect(onLayout).not.toHaveBeenCalled()
	})
})

describe('mounted graph with motion', () => {
	it('animates the layout frame by frame and records it once, when it comes to rest', () => {
		const { frames, onLayout, destroy } = mount({ reducedMotion: false })
		vi.advanceTimersByTime(200)
		expect(frames.length).toBeGreaterThan(3)
		expect(onLayout).not.toHaveBeenCalled()
		vi.advanceTimersByTime(30_000)
		expect(onLayout).toHaveBeenCalledOnce()
		const painted = frames.length
		vi.advanceTimersByTime(5_000)
		expect(frames).toHaveLength(painted)
		destroy()
	})

	it('keeps every node of a crowded network whole inside the canvas as it moves', () => {
		const { layout, lastFrame, destroy } = mount({ reducedMotion: false, nodes: crowd, links: [] })
		vi.advanceTimersByTime(30_000)
		expectWholeInside(layout(), crowd)
		for (const fill of readFrame(lastFrame(), layout()).fills.values()) {
			const [x = Number.NaN, y = Number.NaN, radius = Number.NaN] = fill.path[0] ?? []
			expect(clampToCanvas({ x, y }, radius)).toEqual({ x, y })
		}
		destroy()
	})

	it('keeps the tooltip on a hovered node as it moves, and a dropped node where it was put', () => {
		const { pointer, onTooltip, positionOf, destroy } = mount({ reducedMotion: false })
		vi.advanceTimersByTime(30_000)
		pointer('pointerdown', positionOf('pets'))
		pointer('pointermove', { x: 60, y: 60 })
		pointer('pointerup', { x: 60, y: 60 })
		const tooltips = onTooltip.mock.calls.length
		vi.advanceTimersByTime(30_000)
		expect(onTooltip.mock.calls.length).toBeGreaterThan(tooltips)
		expect(onTooltip.mock.lastCall?.[0]).toMatchObject({ name: 'petpal.io', left: '15%' })
		expect(positionOf('pets')).toEqual({ x: 60, y: 60 })
		destroy()
	})

	it('stops animating when destroyed', () => {
		const { frames, onLayout, destroy } = mount({ reducedMotion: false })
		vi.advanceTimersByTime(100)
		destroy()
		const painted = frames.length
		vi.advanceTimersByTime(30_000)
		expect(frames).toHaveLength(painted)
		expect(onLayout).not.toHaveBeenCalled()
	})
})
