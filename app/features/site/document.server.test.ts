import crypto from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INSIGHTS_EVENTS_PATH, INSIGHTS_SCRIPT_PATH } from '#app/features/insights/events.ts'
import { MISSING_SCRIPT_WARNING, SCRIPT_CHECK_DELAY_MS } from '#app/features/insights/loader.server.ts'
import { PRERENDER_NONCE } from './csp.ts'
import {
	deferredPreloads,
	INERT_ROUTER_DATA_TYPE,
	inlineScriptHashes,
	keptDocument,
	renderedDocument,
	withResponseNonce,
} from './document.server.ts'
import { speculationRules } from './speculation-rules.ts'

const preloadLinks = ['entry', 'framework', 'root', 'page-loader', 'page']
	.map((name) => `<link rel="modulepreload" href="/assets/${name}.js" nonce="n"/>`)
	.join('')

/** React Router's boot script as `<Scripts>` writes it, for a route whose client loader is a module of its own. */
const bootScript = `;
import * as route0 from "/assets/root.js";
import * as route1_clientLoader from "/assets/page-loader.js";
import * as route1_main from "/assets/page.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {
  "entry": {
    "module": "/assets/entry.js"
  }
};
  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};

import("/assets/entry.js");`

/** `<Scripts>`' data scripts after the boot script: a chunk of loader data and the stream's end. */
const routerData =
	'<script nonce="n">window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]");</script><script nonce="n">window.__reactRouterContext.streamController.close();</script>'

const page = (head: string, boot: string) =>
	`<html><head>${head}</head><body><h1>Hello</h1><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${boot}</script>${routerData}</body></html>`

const document = page(preloadLinks, bootScript)
const moduleScriptOf = (html: string) =>
	/<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''

afterEach(() => {
	vi.unstubAllEnvs()
})

describe('renderedDocument: paint before hydration', async () => {
	const html = await renderedDocument(document, { nonce: 'n' })
	const boot = moduleScriptOf(html)

	it('removes the preload links from the HTML and adds them from the boot script after the first frame', () => {
		expect(html).not.toContain('<link rel="modulepreload"')
		const wait = boot.indexOf('requestAnimationFrame')
		const preload = boot.indexOf(
			'importAfterPaint(["/assets/entry.js","/assets/framework.js","/assets/root.js","/assets/page-loader.js","/assets/page.js"]',
		)
		expect(wait).toBeGreaterThanOrEqual(0)
		expect(preload).toBeGreaterThan(wait)
	})

	it('turns the static route imports into imports after the first frame, keeping their names', () => {
		expect(boot).not.toMatch(/^import \* as/m)
		expect(boot).toContain(
			'const [route0, route1_clientLoader, route1_main] = await importAfterPaint(["/assets/entry.js","/assets/framework.js","/assets/root.js","/assets/page-loader.js","/assets/page.js"], ["/assets/root.js","/assets/page-loader.js","/assets/page.js"], false);\nconst route1 = {...route1_clientLoader,...route1_main};\n  window.__reactRouterManifest',
		)
		expect(boot.indexOf('Promise.all')).toBeLessThan(boot.indexOf('window.__reactRouterRouteModules'))
		const yieldToBrowser = boot.indexOf('await new Promise((next) => setTimeout(next))')
		expect(yieldToBrowser).toBeGreaterThan(boot.indexOf('"modulepreload"'))
		expect(yieldToBrowser).toBeLessThan(boot.indexOf('Promise.all'))
		expect(boot).toMatch(/export async function importAfterPaint\(/)
		expect(boot.indexOf('\nfunction firstPaint() {')).toBeLessThan(boot.indexOf('importAfterPaint('))
		expect(boot).toMatch(/\nimport\("\/assets\/entry\.js"\);$/)
	})

	it('inlines the browser code without its comments or indentation', () => {
		expect(boot).not.toMatch(/^\s*(?:\/\/|\/\*)/m)
		expect(boot).not.toMatch(/^\t/m)
	})

	it('reads the deferred preloads back, for the size budget', () => {
		expect(deferredPreloads(html)).toEqual([
			'/assets/entry.js',
			'/assets/framework.js',
			'/assets/root.js',
			'/assets/page-loader.js',
			'/assets/page.js',
		])
		expect(deferredPreloads(document)).toEqual([])
	})

	it("makes React Router's context and data scripts data blocks, which the boot script runs before React starts", () => {
		const blocks = [...html.matchAll(/<script nonce="n" type="([^"]+)">(window\.__reactRouterContext[^<]*)<\/script>/g)]
		expect(blocks.map(([, type]) => type)).toEqual([
			INERT_ROUTER_DATA_TYPE,
			INERT_ROUTER_DATA_TYPE,
			INERT_ROUTER_DATA_TYPE,
		])
		expect(blocks.map(([, , code]) => code)).toEqual([
			'window.__reactRouterContext = {};',
			'window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]");',
			'window.__reactRouterContext.streamController.close();',
		])
		expect(boot).toContain(`script.type === "${INERT_ROUTER_DATA_TYPE}"`)
		expect(boot.indexOf('runRouterData()')).toBeLessThan(boot.indexOf('return modules'))
	})

	it('leaves the content alone', () => {
		expect(html).toContain('<body><h1>Hello</h1><script nonce="n" type=')
	})
})

describe('renderedDocument: a boot script of another shape', () => {
	const shapes = {
		'no boot script': page(preloadLinks, '').replace(/<script nonce="n" type="module"[\s\S]*?<\/script>/, ''),
		'a static import of the route manifest': page(
			preloadLinks,
			bootScript.replace(/^;/, 'import "/assets/manifest.js";'),
		),
		'an import of another form': page(
			preloadLinks,
			bootScript.replace('import * as route0 from', 'import route0 from'),
		),
		'a route module without a preload': page(preloadLinks.replace(/<link[^>]*page\.js[^>]*>/, ''), bootScript),
		'a boot script that is not async': page(preloadLinks, bootScript).replace(' async=""', ''),
		'two module scripts': page(preloadLinks, bootScript).replace(
			'</body>',
			'<script type="module">import "/assets/x.js"</script></body>',
		),
		'a new line in the script': page(preloadLinks, bootScript.replace('\n\nimport(', '\nwindow.x = 1;\nimport(')),
	}

	it.each(Object.entries(shapes))('throws in development and tests: %s', async (_, html) => {
		await expect(renderedDocument(html, { nonce: 'n' })).rejects.toThrow(/React Router's boot script/)
	})

	it('goes out unchanged in production, with one warning per process', async () => {
		vi.stubEnv('NODE_ENV', 'production')
		const logger = { warn: vi.fn() }
		for (const html of Object.values(shapes)) {
			const rendered = await renderedDocument(html, { nonce: 'n', logger })
			expect(rendered.slice(0, rendered.lastIndexOf('<script nonce="n">function firstPaint'))).toBe(
				html.slice(0, html.lastIndexOf('</body>')),
			)
		}
		expect(logger.warn).toHaveBeenCalledOnce()
		expect(logger.warn.mock.calls[0]?.[0]).toContain('(0 inline module scripts instead of one)')
	})
})

describe('renderedDocument: a page without React (decision 015)', async () => {
	const body = '<header data-site-header=""></header><main><h1>Hello</h1></main>'
	const html = await renderedDocument(`<html><head></head><body>${body}</body></html>`, { nonce: 'n' })

	it('keeps the server HTML and adds the header fallback, speculation rules and the analytics loader, in that order', () => {
		expect(html.startsWith(`<html><head></head><body>${body}<script nonce="n">if (!CSS.supports(`)).toBe(true)
		const rules =
			/<script type="speculationrules" nonce="n">([^<]*)<\/script><script nonce="n">function firstPaint\(\)/.exec(
				html,
			)?.[1]
		expect(JSON.parse(rules ?? '')).toEqual(speculationRules)
	})

	it('adds no speculation rules to a page with React', async () => {
		expect(await renderedDocument(document, { nonce: 'n' })).not.toContain('speculationrules')
	})

	it('makes the boot script of a page marked for it wait for an interaction, and adds speculation rules', async () => {
		const marked = await renderedDocument(
			document.replace('<html>', '<html lang="en" data-hydrate="on-interaction">'),
			{
				nonce: 'n',
			},
		)
		expect(moduleScriptOf(marked)).toContain('["/assets/root.js","/assets/page-loader.js","/assets/page.js"], true);')
		expect(marked).toContain('<script type="speculationrules" nonce="n">')
		expect(deferredPreloads(marked)).toHaveLength(5)
	})
})

describe('renderedDocument: analytics loader', async () => {
	const html = await renderedDocument(document, { nonce: 'n' })
	const loader = /<script nonce="n">([^<]*)<\/script><\/body>/.exec(html)?.[1] ?? ''

	it('comes last in the body, after the boot script, with the response nonce and its parameters as JSON', () => {
		expect(loader).toMatch(
			/^function firstPaint\(\) \{\n[\s\S]*\n\}\nconst insightsLanding = insightsPageView\(document\.referrer\)\naddEventListener\("load", /,
		)
		expect(loader).toContain('\nlet insightsLoader\n')
		const parameters = /\ninsightsLoader = (.*)$/.exec(loader)?.[1] ?? ''
		expect(JSON.parse(parameters)).toEqual({
			src: INSIGHTS_SCRIPT_PATH,
			events: INSIGHTS_EVENTS_PATH,
			warning: MISSING_SCRIPT_WARNING,
			delay: SCRIPT_CHECK_DELAY_MS,
		})
		expect(html.indexOf(loader)).toBeGreaterThan(html.indexOf('importAfterPaint('))
	})

	it('is the same code on every page, so kept pages share its hash', async () => {
		const other = await renderedDocument(page(preloadLinks, bootScript).replaceAll('page', 'other'), { nonce: 'n' })
		expect(other).toContain(`<script nonce="n">${loader}</script></body>`)
	})
})

describe('the placeholder nonce', async () => {
	const rendered = await renderedDocument(document.replaceAll('nonce="n"', `nonce="${PRERENDER_NONCE}"`), {
		nonce: PRERENDER_NONCE,
	})

	it('goes from a kept page, whose inline scripts are allowed by their hashes instead', () => {
		const kept = keptDocument(rendered)
		expect(kept.html).not.toContain('nonce=')
		const scripts = [...kept.html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, code = '']) => code)
		expect(scripts).toHaveLength(5)
		expect(kept.scriptHashes).toEqual(
			scripts.map((code) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`),
		)
		expect(inlineScriptHashes('<script src="/assets/a.js"></script>')).toEqual([])
	})

	it("becomes the response's nonce on a page sent once", () => {
		const sent = withResponseNonce(rendered, 'fresh')
		expect(sent).not.toContain(PRERENDER_NONCE)
		expect(sent.match(/ nonce="([^"]+)"/g)?.every((attribute) => attribute === ' nonce="fresh"')).toBe(true)
	})
})
