import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GRAPH_HEIGHT, GRAPH_WIDTH, graphLinks, graphNodes } from '#app/content/graph.ts'
import {
	clampToCanvas,
	linksOf,
	neighbourNames,
	nodeAt,
	nodeRadius,
	toCanvasPoint,
	truncateLabel,
} from './graph-model.ts'

describe('truncateLabel', () => {
	it('cuts names longer than 12 characters to 12 plus an ellipsis', () => {
		expect(truncateLabel('sustainableenergyhub.com')).toBe('sustainablee…')
		expect(truncateLabel('abcdefghijklm')).toBe('abcdefghijkl…')
	})

	it('leaves names of 12 characters or fewer alone', () => {
		expect(truncateLabel('abcdefghijkl')).toBe('abcdefghijkl')
		expect(truncateLabel('petpal.io')).toBe('petpal.io')
	})

	it('keeps the start of any name and never more than 12 characters before the ellipsis', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme-ascii' }), (name) => {
				const label = truncateLabel(name)
				if (name.length <= 12) {
					expect(label).toBe(name)
				} else {
					expect(label).toHaveLength(13)
					expect(label.endsWith('…')).toBe(true)
					expect(name.startsWith(label.slice(0, -1))).toBe(true)
				}
			}),
		)
	})
})

describe('graph helpers', () => {
	it('keeps nodes whole inside the 600x400 canvas and leaves those already inside alone', () => {
		expect(clampToCanvas({ x: -50, y: 900 }, 10)).toEqual({ x: 10, y: GRAPH_HEIGHT - 10 })
		expect(clampToCanvas({ x: 700, y: 5 }, 22)).toEqual({ x: GRAPH_WIDTH - 22, y: 22 })
		fc.assert(
			fc.property(
				fc.double({ noNaN: true }),
				fc.double({ noNaN: true }),
				fc.integer({ min: 1, max: 40 }),
				(x, y, r) => {
					const inside = clampToCanvas({ x, y }, r)
					expect(inside.x).toBeGreaterThanOrEqual(r)
					expect(inside.x).toBeLessThanOrEqual(GRAPH_WIDTH - r)
					expect(inside.y).toBeGreaterThanOrEqual(r)
					expect(inside.y).toBeLessThanOrEqual(GRAPH_HEIGHT - r)
					expect(clampToCanvas(inside, r)).toEqual(inside)
				},
			),
		)
	})

	it('maps CSS pixels on the canvas to canvas units: one to one at 600x400, scaled on a smaller canvas', () => {
		expect(toCanvasPoint(160, 120, { left: 10, top: 20, width: 600, height: 400 })).toEqual({ x: 150, y: 100 })
		expect(toCanvasPoint(160, 120, { left: 10, top: 20, width: 300, height: 200 })).toEqual({ x: 300, y: 200 })
		expect(toCanvasPoint(10, 20, { left: 10, top: 20, width: 390, height: 260 })).toEqual({ x: 0, y: 0 })
	})

	it('finds the nearest node whose circle, plus 4 units for fingers, holds the point, and nothing on empty canvas', () => {
		const nodes = [
			{ id: 'a', type: 'domain' as const, x: 100, y: 100 },
			{ id: 'b', type: 'primary' as const, x: 120, y: 100 },
			{ id: 'unplaced', type: 'primary' as const },
		]
		expect(nodeAt(nodes, { x: 118, y: 101 })?.id).toBe('b')
		expect(nodeAt(nodes, { x: 101, y: 100 })?.id).toBe('a')
		expect(nodeAt(nodes, { x: 100, y: 100 + nodeRadius({ type: 'domain' }) + 4 })?.id).toBe('a')
		expect(nodeAt(nodes, { x: 100, y: 100 + nodeRadius({ type: 'domain' }) + 5 })).toBeNull()
		expect(nodeAt(nodes, { x: 300, y: 300 })).toBeNull()
		expect(nodeRadius({ type: 'primary' })).toBeGreaterThan(nodeRadius({ type: 'domain' }))
		expect(nodeRadius({ type: 'domain' })).toBeGreaterThan(nodeRadius({ type: 'social' }))
	})

	it('lists the links and neighbours of a node', () => {
		expect(linksOf('solar', graphLinks).map((l) => `${l.source}-${l.target}`)).toEqual([
			'hub-solar',
			'solar-health',
			'solar-solar-x',
		])
		expect(neighbourNames('solar', graphNodes, graphLinks)).toEqual(['ideaforge.com', 'fitfuel.app', '@energyhub'])
	})
})

describe('sample graph data', () => {
	it('links only existing nodes, with strengths from 0 to 1, and has a name longer than 12 characters', () => {
		const ids = new Set(graphNodes.map((node) => node.id))
		for (const link of graphLinks) {
			expect(ids.has(link.source) && ids.has(link.target)).toBe(true)
			expect(link.strength).toBeGreaterThanOrEqual(0)
			expect(link.strength).toBeLessThanOrEqual(1)
		}
		expect(graphNodes.some((node) => node.name.length > 12)).toBe(true)
		expect(new Set(graphNodes.map((node) => node.type))).toEqual(new Set(['primary', 'domain', 'social']))
	})
})
