import { INSIGHTS_EVENTS_PATH, INSIGHTS_SCRIPT_PATH } from '#app/features/insights/events.ts'
import { MISSING_SCRIPT_WARNING, SCRIPT_CHECK_DELAY_MS } from '#app/features/insights/loader.server.ts'
import { expect, test } from '#tests/support/test.ts'
import type { RunningServer } from '../support/server.ts'

/** The inline scripts of a document, with their attributes, in document order. */
const inlineScripts = (html: string) =>
	[...html.matchAll(/<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes = '', code = '']) => ({
		attributes,
		code,
	}))

test.describe("the site's own scripts in the documents React renders", () => {
	let server: RunningServer
	test.beforeAll(({ site }) => {
		server = site
	})

	test('defines firstPaint in the head, before anything that waits on it, and loads analytics after the boot script', async () => {
		const html = await (await fetch(`${server.url}/`)).text()
		const head = html.slice(0, html.indexOf('</head>'))
		const scripts = inlineScripts(html)
		const firstPaint = scripts.findIndex(({ code }) => code.startsWith('function firstPaint()'))
		expect(firstPaint).toBeGreaterThan(-1)
		expect(head).toContain(scripts[firstPaint]?.code)
		expect(html.indexOf(scripts[firstPaint]?.code ?? '')).toBeLessThan(html.indexOf('type="module"'))
		const loader = scripts.find(({ code }) => code.startsWith('const insightsLanding='))?.code ?? ''
		expect(html.indexOf(loader)).toBeGreaterThan(html.indexOf('type="module"'))
		expect(JSON.parse(/\ninsightsLoader = (.*)$/.exec(loader)?.[1] ?? 'null')).toEqual({
			src: INSIGHTS_SCRIPT_PATH,
			events: INSIGHTS_EVENTS_PATH,
			warning: MISSING_SCRIPT_WARNING,
			delay: SCRIPT_CHECK_DELAY_MS,
		})
		// Minified by a real minifier: no comment or indentation of the source files reaches a page.
		const headerFallback = scripts.find(({ code }) => code.includes('[data-site-header]'))?.code ?? ''
		for (const code of [scripts[firstPaint]?.code ?? '', headerFallback, loader]) {
			expect(code.length).toBeGreaterThan(0)
			expect(code).not.toMatch(/^\s*\/\/|\/\*\*|\n\t/m)
		}
	})

	test('adds the header fallback where the site header is, and speculation rules where pages load by full page loads', async () => {
		const scriptsOf = async (path: string) => inlineScripts(await (await fetch(`${server.url}${path}`)).text())
		const speculation = (scripts: ReturnType<typeof inlineScripts>) =>
			scripts.filter(({ attributes }) => attributes.includes('type="speculationrules"'))
		const headerFallback = (scripts: ReturnType<typeof inlineScripts>) =>
			scripts.filter(({ code }) => code.includes('[data-site-header]'))
		const home = await scriptsOf('/')
		expect(headerFallback(home)).toHaveLength(1)
		expect(speculation(home)).toEqual([])
		const terms = await scriptsOf('/terms')
		expect(speculation(terms)).toHaveLength(1)
		expect(JSON.parse(speculation(terms)[0]?.code ?? '{}')).toHaveProperty('prerender')
		expect(terms.some(({ attributes }) => attributes.includes('type="module"'))).toBe(false)
		const signIn = await scriptsOf('/admin')
		expect(headerFallback(signIn)).toEqual([])
	})
})
