import { describe, expect, it } from 'vitest'
import { deferredPreloads, paintBeforeHydration } from './paint-before-hydration.server.ts'

const document = `<html><head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/framework.js" nonce="n"/></head><body><h1>Hello</h1><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">;
import * as route0 from "/assets/root.js";
import * as route1_main from "/assets/page.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1_main};

import("/assets/entry.js");</script></body></html>`

describe('paintBeforeHydration', () => {
	const html = paintBeforeHydration(document)
	const boot = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''

	it('removes the preload links from the HTML and adds them from the boot script after the first frame', () => {
		expect(html).not.toContain('<link rel="modulepreload"')
		const wait = boot.indexOf('requestAnimationFrame')
		const preload = boot.indexOf('["/assets/entry.js","/assets/framework.js"]')
		expect(wait).toBeGreaterThanOrEqual(0)
		expect(preload).toBeGreaterThan(wait)
	})

	it('turns the static route imports into imports after the first frame, keeping their names', () => {
		expect(boot).not.toMatch(/^import \* as/m)
		expect(boot).toContain(
			'const [route0, route1_main] = await Promise.all(["/assets/root.js", "/assets/page.js"].map((href) => import(href)));',
		)
		expect(boot.indexOf('Promise.all')).toBeLessThan(boot.indexOf('window.__reactRouterRouteModules'))
		const yieldToBrowser = boot.indexOf('await new Promise((next) => setTimeout(next));')
		expect(yieldToBrowser).toBeGreaterThan(boot.indexOf('"modulepreload"'))
		expect(yieldToBrowser).toBeLessThan(boot.indexOf('Promise.all'))
		expect(boot).toContain('import("/assets/entry.js");')
	})

	it('reads the deferred preloads back, for the size budget', () => {
		expect(deferredPreloads(html)).toEqual(['/assets/entry.js', '/assets/framework.js'])
		expect(deferredPreloads(document)).toEqual([])
	})

	it('leaves the content and the other scripts alone', () => {
		expect(html).toContain('<h1>Hello</h1><script nonce="n">window.__reactRouterContext = {};</script>')
	})

	it('returns a document without a boot script unchanged', () => {
		const plain = '<html><body><p>No scripts</p></body></html>'
		expect(paintBeforeHydration(plain)).toBe(plain)
	})
})
