import fs from 'node:fs'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { pathToFileURL } from 'node:url'
import { createElement } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createRequestHandler, type ServerBuild, type ServerEntryModule, ServerRouter } from 'react-router'
import { describe, expect, inject, it } from 'vitest'
import { PRERENDER_NONCE } from '#app/features/site/csp.ts'
import { deferredPreloads, INERT_ROUTER_DATA_TYPE, renderedDocument } from '#app/features/site/document.server.ts'

/**
 * What React Router renders for a URL of the end-to-end build, before the document pipeline: the built server bundle
 * with its document entry replaced by a plain React render, with the placeholder nonce as at build time.
 */
async function unrewrittenRender(url: string) {
	const build = (await import(
		pathToFileURL(path.join(inject('buildDir'), 'current/server/index.js')).href
	)) as ServerBuild
	const entry: ServerEntryModule = {
		...build.entry.module,
		default: async (request, status, headers, context) => {
			const app = createElement(ServerRouter, { context, url: request.url, nonce: PRERENDER_NONCE })
			const { prelude } = await prerenderToNodeStream(app)
			return new Response(await text(prelude), { status, headers })
		},
	}
	const response = await createRequestHandler({ ...build, entry: { module: entry } })(new Request(url))
	expect(response.status).toBe(200)
	return response.text()
}

const bootScriptOf = (html: string) => /<script\b[^>]*\stype="module"[^>]*>[\s\S]*?<\/script>/.exec(html)?.[0]
const analyticsLoaderOf = (html: string) =>
	/<script[^>]*>function firstPaint\(\) [^<]*<\/script><\/body>/.exec(html)?.[0]

describe("the document pipeline on React Router's real home page", () => {
	it('finds the boot script in the shape it rewrites and makes the page the build serves', async () => {
		const rendered = await unrewrittenRender('http://localhost/')
		expect(rendered).toMatch(/^import \* as route0 from "\/assets\/root-[\w-]+\.js";$/m)
		expect(rendered).toContain('<link rel="modulepreload"')
		// Throws in tests when React Router's boot script is not exactly in the shape the rewrite expects.
		const html = await renderedDocument(rendered, { nonce: PRERENDER_NONCE })
		const boot = bootScriptOf(html) ?? ''
		expect(boot).not.toMatch(/^import \* as/m)
		expect(boot).toMatch(/^const \[route0, route1\] = await importAfterPaint\(/m)
		expect(html).not.toContain('<link rel="modulepreload"')
		// React Router's context and data scripts: run by the boot script, not while the page is parsed.
		const dataScripts = (document: string) =>
			[...document.matchAll(/<script\b([^>]*)>window\.__reactRouterContext[ .]/g)].map(
				([, attributes = '']) => attributes,
			)
		expect(dataScripts(rendered).length).toBeGreaterThanOrEqual(3)
		expect(dataScripts(rendered).every((attributes) => !attributes.includes('type='))).toBe(true)
		expect(dataScripts(html)).toEqual(
			dataScripts(rendered).map((attributes) => `${attributes} type="${INERT_ROUTER_DATA_TYPE}"`),
		)
		const preloads = deferredPreloads(html)
		expect(preloads).toContain(/import\("([^"]+)"\);<\/script>/.exec(boot)?.[1])
		const built = fs.readFileSync(path.join(inject('buildDir'), 'current/client/index.html'), 'utf8')
		expect(bootScriptOf(built)).toBe(boot)
		expect(deferredPreloads(built)).toEqual(preloads)
		expect(analyticsLoaderOf(html)).toContain('addEventListener("load"')
		expect(analyticsLoaderOf(built)).toBe(analyticsLoaderOf(html))
	})
})
