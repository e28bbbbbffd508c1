import type { BrowserContext, Page } from '@playwright/test'
import { GRAPH_HEIGHT, GRAPH_WIDTH, graphCopy } from '#app/content/graph.ts'
import { expect, test } from '#tests/support/test.ts'
import { accessibilityViolations } from '../support/axe.ts'
import { gotoHydrated, openBrowser, viewports, waitForHydration, waitForPageTime } from '../support/browser.ts'
import type { RunningServer } from '../support/server.ts'

type Point = { x: number; y: number }

/** Waits until the graph has settled and returns it with the canvas scrolled into view. */
async function openGraph(context: BrowserContext, url: string, beforeLoad?: (page: Page) => Promise<void>) {
	const page = await context.newPage()
	await beforeLoad?.(page)
	await page.goto(url)
	await waitForHydration(page)
	await page.locator('[data-graph-area]').scrollIntoViewIfNeeded()
	// About 170 animation frames; a loaded machine draws them slowly.
	await page.waitForSelector('figure[data-graph-settled="true"]', { timeout: 45_000 })
	await page.locator('figure canvas').scrollIntoViewIfNeeded()
	return page
}

/** A node's position in canvas units, as the accessible list records it. */
async function nodePosition(page: Page, id: string): Promise<Point> {
	const item = page.locator(`li[data-node-id="${id}"]`)
	return { x: Number(await item.getAttribute('data-x')), y: Number(await item.getAttribute('data-y')) }
}

/** Where a point in canvas units is on screen, whatever size the canvas is displayed at. */
async function onScreen(page: Page, point: Point): Promise<Point> {
	const box = await page.locator('figure canvas').boundingBox()
	if (!box) throw new Error('canvas not visible')
	return { x: box.x + (point.x * box.width) / GRAPH_WIDTH, y: box.y + (point.y * box.height) / GRAPH_HEIGHT }
}

const canvasImage = (page: Page) =>
	page.locator('figure canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL())

test.describe('home network graph', () => {
	test.describe.configure({ timeout: 90_000 })
	let server: RunningServer
	let desktop: BrowserContext
	let phone: BrowserContext
	let still: BrowserContext
	test.beforeAll(async ({ browser, site }) => {
		server = site
		;[desktop, phone, still] = await Promise.all([
			openBrowser(browser),
			openBrowser(browser, { viewport: viewports.phone }),
			openBrowser(browser, { reducedMotion: 'reduce' }),
		])
	})
	test.afterAll(async () => {
		await Promise.all([desktop?.close(), phone?.close(), still?.close()])
	})

	test('loads the canvas code as its own chunk, after the page, and not in the server HTML', async () => {
		const html = await (await fetch(`${server.url}/`)).text()
		expect(html).not.toContain('<canvas')
		expect(html).not.toMatch(/network-graph-canvas-[\w-]+\.js/)
		const page = await desktop.newPage()
		const scripts: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
		})
		await page.goto(`${server.url}/`)
		await page.waitForLoadState('networkidle')
		expect(scripts.some((path) => path.includes('network-graph-canvas'))).toBe(false)
		await page.locator('[data-graph-area]').scrollIntoViewIfNeeded()
		await expect
			.poll(() => scripts.some((path) => path.includes('network-graph-canvas')), { timeout: 10_000 })
			.toBe(true)
		await page.close()
	})

	test('shows name, value and followers on hover and highlights the node’s links', async () => {
		const page = await openGraph(desktop, `${server.url}/`)
		const figure = page.locator('figure[data-graph-settled]')
		const solar = await onScreen(page, await nodePosition(page, 'solar'))
		await page.mouse.move(solar.x, solar.y)
		const tooltip = page.locator('[data-graph-tooltip]')
		await expect.poll(() => tooltip.textContent(), { timeout: 10_000 }).toContain('sustainableenergyhub.com')
		await expect(tooltip).toContainText('Estimated value: $12,800')
		await expect(tooltip).toContainText('Followers: 3,100')
		await expect(figure).toHaveAttribute('data-hovered-node', 'solar')
		expect((await figure.getAttribute('data-highlighted-links'))?.split(' ').sort()).toEqual([
			'hub-solar',
			'solar-health',
			'solar-solar-x',
		])
		await page.mouse.move(1, 1)
		await expect.poll(() => tooltip.count(), { timeout: 10_000 }).toBe(0)
		await expect(figure).toHaveAttribute('data-highlighted-links', '')
		await page.close()
	})

	test('cuts long names to 12 characters plus an ellipsis on the canvas', async () => {
		const page = await openGraph(desktop, `${server.url}/`)
		await expect(page.locator('li[data-node-id="solar"]')).toHaveAttribute('data-label', 'sustainablee…')
		await expect(page.locator('li[data-node-id="pets"]')).toHaveAttribute('data-label', 'petpal.io')
		await page.close()
	})

	test('moves a dragged node to where it is dropped, and stops animating once settled', async () => {
		const page = await openGraph(desktop, `${server.url}/`)
		const before = await canvasImage(page)
		await waitForPageTime(page, 300)
		expect(await canvasImage(page)).toBe(before)

		const start = await onScreen(page, await nodePosition(page, 'pets'))
		const target = { x: 60, y: 60 }
		const end = await onScreen(page, target)
		await page.mouse.move(start.x, start.y)
		await page.mouse.down()
		await page.mouse.move(end.x, end.y, { steps: 8 })
		await page.mouse.up()
		await expect
			.poll(
				async () => {
					const moved = await nodePosition(page, 'pets')
					return Math.hypot(moved.x - target.x, moved.y - target.y)
				},
				{ timeout: 15_000 },
			)
			.toBeLessThanOrEqual(2)
		await page.close()
	})

	test('is sharp on high-density screens and scaled down, still hoverable, on a phone', async () => {
		const page = await openGraph(phone, `${server.url}/`, async (p) => {
			const session = await phone.newCDPSession(p)
			await session.send('Emulation.setDeviceMetricsOverride', {
				width: viewports.phone.width,
				height: viewports.phone.height,
				deviceScaleFactor: 2,
				mobile: false,
			})
		})
		const size = await page.locator('figure canvas').evaluate((canvas: HTMLCanvasElement) => ({
			width: canvas.width,
			height: canvas.height,
			shown: canvas.getBoundingClientRect().width,
		}))
		expect(size).toMatchObject({ width: GRAPH_WIDTH * 2, height: GRAPH_HEIGHT * 2 })
		expect(size.shown).toBeLessThan(viewports.phone.width)
		const hub = await onScreen(page, await nodePosition(page, 'hub'))
		await page.mouse.move(hub.x, hub.y)
		await expect
			.poll(() => page.locator('[data-graph-tooltip]').textContent(), { timeout: 10_000 })
			.toContain('ideaforge.com')
		await page.close()
	})

	test('shows the canvas at exactly 600x400 CSS pixels on a desktop, and scaled down at 3:2 on a phone', async () => {
		const shownSize = async (context: BrowserContext) => {
			const page = await gotoHydrated(context, `${server.url}/`)
			await page.locator('[data-graph-area]').scrollIntoViewIfNeeded()
			const canvas = page.locator('figure canvas')
			await canvas.waitFor()
			const size = await canvas.evaluate((element) => {
				const { width, height } = element.getBoundingClientRect()
				return { width, height }
			})
			await page.close()
			return size
		}
		expect(await shownSize(desktop)).toEqual({ width: GRAPH_WIDTH, height: GRAPH_HEIGHT })
		const onPhone = await shownSize(phone)
		expect(onPhone.width).toBeLessThan(viewports.phone.width)
		expect(onPhone.height).toBeCloseTo((onPhone.width * GRAPH_HEIGHT) / GRAPH_WIDTH, 1)
	})

	test('lays out at once without animation when motion is reduced, and can still be dragged', async () => {
		const page = await openGraph(still, `${server.url}/`)
		const first = await canvasImage(page)
		await waitForPageTime(page, 200)
		expect(await canvasImage(page)).toBe(first)
		const start = await onScreen(page, await nodePosition(page, 'health'))
		const end = await onScreen(page, { x: 540, y: 340 })
		await page.mouse.move(start.x, start.y)
		await page.mouse.down()
		await page.mouse.move(end.x, end.y, { steps: 5 })
		await page.mouse.up()
		await expect.poll(() => nodePosition(page, 'health'), { timeout: 10_000 }).toEqual({ x: 540, y: 340 })
		await page.close()
	})

	test('lists every node with its value, followers and connections for keyboard and screen-reader users', async () => {
		const page = await gotoHydrated(desktop, `${server.url}/`)
		const list = page.getByRole('region', { name: /Sample network/ })
		await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(10)
		const solar = list.locator('li[data-node-id="solar"]')
		await expect(solar).toContainText('$12,800')
		await expect(solar).toContainText('3,100')
		await expect(solar).toContainText('@energyhub')
		await page.close()
	})

	test('stands the list in for the canvas without JavaScript', async ({ browser }) => {
		const noJs = await openBrowser(browser, { javaScriptEnabled: false })
		const page = await noJs.newPage()
		await page.goto(`${server.url}/`)
		await expect(page.locator('canvas')).toHaveCount(0)
		const solar = page.locator('li[data-node-id="solar"]')
		await expect(solar).toBeVisible()
		await expect(solar).toContainText('sustainableenergyhub.com')
		// No instruction to hover or drag what is not there.
		await expect(page.getByText(graphCopy.instructions)).toBeHidden()
		// What the page shows, not the text of hidden elements.
		await expect(page.locator('main')).not.toContainText(/hover|drag/i, { useInnerText: true })
		await noJs.close()
	})

	test('shows node labels at 11 px or more on a phone and on a desktop, with the instructions above the canvas', async () => {
		for (const context of [phone, desktop]) {
			const page = await openGraph(context, `${server.url}/`)
			await expect(page.getByText(graphCopy.instructions)).toBeVisible()
			const shownLabelPx = await page.locator('figure canvas').evaluate((canvas: HTMLCanvasElement) => {
				const size = Number(/(\d+(?:\.\d+)?)px/.exec(canvas.getContext('2d')?.font ?? '')?.[1])
				return (size * canvas.getBoundingClientRect().width) / canvas.width / (1 / devicePixelRatio)
			})
			expect(shownLabelPx).toBeGreaterThanOrEqual(10.9)
			await page.close()
		}
	})

	test('has no axe violations with the graph loaded and a tooltip open, at phone and desktop sizes', async () => {
		for (const context of [desktop, phone]) {
			const page = await openGraph(context, `${server.url}/`)
			const hub = await onScreen(page, await nodePosition(page, 'hub'))
			await page.mouse.move(hub.x, hub.y)
			await page.waitForSelector('[data-graph-tooltip]')
			expect(await accessibilityViolations(page)).toEqual([])
			await page.close()
		}
	})
})
