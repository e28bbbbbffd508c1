import crypto from 'node:crypto'
import { insightsLoaderParameters } from '#app/features/insights/loader.server.ts'
import { PRERENDER_NONCE } from './csp.ts'
import { speculationRules } from './speculation-rules.ts'

/*
 * Everything that changes a document after React has rendered it, in the order it is applied:
 *
 * 1. `paintBeforeHydration`: React Router's boot script waits for the first paint before it fetches or runs any
 *    JavaScript (decision 007), and on pages marked `data-hydrate="on-interaction"` for the visitor's first
 *    interaction too; React Router's context and data scripts become data blocks the boot script runs then
 *    (decision 015). A page that ships no React (decision 015) has none and is left as it is.
 * 2. `withShellScripts`: the header's scroll fallback on pages with the site header and, on pages without React or
 *    with React on interaction, speculation rules for their links (decision 015).
 * 3. `withInsightsLoader`: the analytics loader goes at the end of the body (decision 005).
 * 4. The nonce: React wrote the response's nonce, or the placeholder when the page is rendered to be kept (prerendered
 *    pages, cached blog pages). A kept page loses the placeholder and allows its inline scripts by their hashes
 *    (`keptDocument`); a page rendered with the placeholder but sent only once gets the response's nonce
 *    (`withResponseNonce`) (decision 002).
 *
 * entry.server applies 1 to 3 (`renderedDocument`); the server applies 4 when it keeps or sends the page. The code the
 * steps insert lives in `*.inline.js` files, which the linter and the type checker read like any other source.
 */

/** How a document is rendered: with the response's nonce or the placeholder, and where a warning goes. */
export type RenderContext = {
	nonce: string
	/** The request logger; the console when pages are prerendered at build time. */
	logger?: { warn: (message: string) => void }
}

type BrowserCode = { firstPaint: string; boot: string; headerScroll: string; insightsLoader: string }

type RenderStep = (html: string, context: RenderContext, code: BrowserCode) => string

/**
 * The arguments `importAfterPaint` (paint-before-hydration.inline.js) is called with: preloads, route modules, and
 * whether it waits for the visitor's first interaction.
 */
type BootArguments = [preloads: string[], routes: string[], onInteraction: boolean]

/** JSON that can stand inside a `<script>` element: no `</script>` or `<!--` can end or change it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/**
 * A browser file as it is inlined: Biome keeps every comment on a line of its own, so dropping those lines, blank lines
 * and indentation leaves only the code (the files hold no multi-line strings).
 */
const inlined = (source: string) =>
	source
		.replace(/^[\t ]*(?:\/\/.*|\/\*[\s\S]*?\*\/)\n/gm, '')
		.replace(/^[\t ]+/gm, '')
		.replace(/\n{2,}/g, '\n')
		.trim()

let browserCode: Promise<BrowserCode> | undefined

/**
 * The browser files, read on the first render. Imported there rather than at the top because the server also loads
 * this module (for kept pages) under tsx, which cannot import `?raw`; only Vite's builds render documents.
 */
function loadBrowserCode() {
	browserCode ??= Promise.all([
		import('./first-paint.inline.js?raw'),
		import('./paint-before-hydration.inline.js?raw'),
		import('#app/features/layout/header-scroll.inline.js?raw'),
		import('#app/features/insights/loader.inline.js?raw'),
	]).then(([firstPaint, boot, headerScroll, insightsLoader]) => ({
		firstPaint: inlined(firstPaint.default),
		boot: inlined(boot.default),
		headerScroll: inlined(headerScroll.default),
		insightsLoader: inlined(insightsLoader.default),
	}))
	return browserCode
}

const moduleScript = /<script\b[^>]*\stype="module"[^>]*>([\s\S]*?)<\/script>/g
/** `<Scripts>`' boot script element: an async inline module with the response's nonce or none. */
const bootScriptTag = /^<script(?: nonce="[^"]*")? type="module" async="">/
/**
 * The exact text of React Router's boot script (7.x `<Scripts>`, lazy route discovery): the HMR runtime import in
 * development, the static imports of the route modules (each route one module, or several merged into one object),
 * the matched routes' manifest, the route modules by id, and the entry module's import.
 */
const bootScriptBody =
	/^((?:import "[^"]+";)?;\n)((?:import \* as \w+ from "[^"]+";\n(?:const \w+ = \{(?:\.\.\.\w+,)*\.\.\.\w+\};\n)?)+)( {2}(?:window\.__reactRouterManifest = \{[\s\S]*\};)?\n {2}window\.__reactRouterRouteModules = \{[^}]*\};\n\nimport\(("[^"]+")\);)$/
const routeImport = /^import \* as (\w+) from ("[^"]+");\n/gm
const routeMerge = /^const \w+ = \{.*\};\n/gm
const preloadLink = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g
/**
 * React Router's context and data scripts (`<Scripts>`: the context with its stream, each chunk of loader data, the
 * stream's end), up to the end of their start tag.
 */
const routerDataScript = /(<script(?: nonce="[^"]*")?)>(?=window\.__reactRouterContext[ .])/g
/**
 * The type the pipeline gives React Router's data scripts: a data block the browser neither compiles nor runs while
 * it parses the page. The boot script runs them once it needs them (`runRouterData`).
 */
export const INERT_ROUTER_DATA_TYPE = 'text/x-router-data'
/** The line of a rewritten boot script that binds React Router's names to the route modules. */
const bootCall = /^const \[[\w, ]+\] = await importAfterPaint\((.*)\);$/m

/** React Router's boot script in the document, taken apart, or why it is not in the shape the rewrite expects. */
function bootScript(html: string) {
	const scripts = [...html.matchAll(moduleScript)]
	const [script] = scripts
	if (!script || scripts.length > 1) return `${scripts.length} inline module scripts instead of one`
	if (!bootScriptTag.test(script[0]))
		return `an unexpected script element: ${script[0].slice(0, script[0].indexOf('>') + 1)}`
	const body = bootScriptBody.exec(script[1] ?? '')
	if (!body) return 'unexpected script text'
	const [, prelude = '', routeLines = '', rest = '', entry = '""'] = body
	const imports = [...routeLines.matchAll(routeImport)].map(([, name = '', href = '""']) => ({
		name,
		href: JSON.parse(href) as string,
	}))
	const preloads = [...html.matchAll(preloadLink)].map(([, href = '']) => href)
	const modules = [...imports.map((route) => route.href), JSON.parse(entry) as string]
	const unloaded = modules.find((href) => !preloads.includes(href))
	if (unloaded) return `${unloaded} is not preloaded`
	return { script, prelude, imports, merges: routeLines.match(routeMerge) ?? [], rest, preloads }
}

/** Whether a document loads React: React Router's `<Scripts>` wrote its context, its boot script or both. */
const loadsReact = (html: string) =>
	html.includes('window.__reactRouterContext') || /<script\b[^>]*\stype="module"/.test(html)

/** Whether a document loads React only on the visitor's first interaction: the root marks it on `<html>`. */
const hydratesOnInteraction = (html: string) =>
	/^(?:<!DOCTYPE html>)?<html\b[^>]*\sdata-hydrate="on-interaction"/i.test(html)

/** Set once a production page went out unchanged: the warning is logged once per process. */
let warnedAboutBootScript = false

/**
 * Rewrites React Router's boot script so the browser paints the server HTML before it fetches or runs any JavaScript:
 * the route modules are imported after the first paint (with their preloads added then, so nothing waits in a chain),
 * instead of as static imports that can run, and hydrate, before the first paint. A boot script of another shape
 * throws in development and tests; in production the page goes out unchanged, with one warning per process.
 */
const paintBeforeHydration: RenderStep = (html, { logger }, code) => {
	if (!loadsReact(html)) return html
	const boot = bootScript(html)
	if (typeof boot === 'string') {
		const message = `React Router's boot script is not in the shape paint-before-hydration expects (${boot}); pages are sent without the rewrite.`
		if (process.env.NODE_ENV !== 'production') throw new Error(message)
		if (!warnedAboutBootScript) (logger ?? console).warn(message)
		warnedAboutBootScript = true
		return html
	}
	const names = boot.imports.map((route) => route.name).join(', ')
	const bootArguments: BootArguments = [
		boot.preloads,
		boot.imports.map((route) => route.href),
		hydratesOnInteraction(html),
	]
	const args = bootArguments.map(scriptJson).join(', ')
	const body = [
		`${boot.prelude}${code.firstPaint}\n${code.boot}`,
		`const [${names}] = await importAfterPaint(${args});`,
		`${boot.merges.join('')}${boot.rest}`,
	].join('\n')
	const tag = boot.script[0].slice(0, boot.script[0].indexOf('>') + 1)
	return html
		.replace(boot.script[0], () => `${tag}${body}</script>`)
		.replace(preloadLink, '')
		.replace(routerDataScript, `$1 type="${INERT_ROUTER_DATA_TYPE}">`)
}

/** Adds an inline script at the end of the body. */
const beforeBodyEnd = (html: string, script: string) => {
	const end = html.lastIndexOf('</body>')
	return end === -1 ? html : `${html.slice(0, end)}${script}${html.slice(end)}`
}

/**
 * The site header's scroll fallback, on pages that show it, and the speculation rules of pages that ship no React or
 * load it only on an interaction: they navigate by full page loads, which a prerendered page makes as quick as a
 * client navigation. The root removes the rules once React runs.
 */
const withShellScripts: RenderStep = (html, { nonce }, code) => {
	const header = html.includes('data-site-header=""') ? `<script nonce="${nonce}">${code.headerScroll}</script>` : ''
	const rules =
		loadsReact(html) && !hydratesOnInteraction(html)
			? ''
			: `<script type="speculationrules" nonce="${nonce}">${scriptJson(speculationRules)}</script>`
	return header || rules ? beforeBodyEnd(html, `${header}${rules}`) : html
}

/**
 * Adds the analytics loader at the end of the body, its parameters assigned as JSON after its code (the variable is
 * declared in loader.inline.js). It is added here rather than rendered by React so it costs the pages' JavaScript
 * bundles nothing.
 */
const withInsightsLoader: RenderStep = (html, { nonce }, code) => {
	const loader = `${code.firstPaint}\n${code.insightsLoader}\ninsightsLoader = ${scriptJson(insightsLoaderParameters)}`
	return beforeBodyEnd(html, `<script nonce="${nonce}">${loader}</script>`)
}

const renderSteps: readonly RenderStep[] = [paintBeforeHydration, withShellScripts, withInsightsLoader]

/** Steps 1 to 3: the document entry.server sends (or prerenders) for what React rendered. */
export async function renderedDocument(html: string, context: RenderContext): Promise<string> {
	const code = await loadBrowserCode()
	return renderSteps.reduce((document, step) => step(document, context, code), html)
}

/** The `'sha256-…'` sources that allow each inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
	return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
		([, code = '']) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`,
	)
}

/** Step 4 for a page the server keeps: without the placeholder nonce, and the hashes of its inline scripts. */
export function keptDocument(html: string): { html: string; scriptHashes: string[] } {
	const kept = html.replaceAll(` nonce="${PRERENDER_NONCE}"`, '')
	return { html: kept, scriptHashes: inlineScriptHashes(kept) }
}

/** Step 4 for a page rendered with the placeholder but sent only once: the response's nonce instead. */
export function withResponseNonce(html: string, nonce: string): string {
	return html.replaceAll(` nonce="${PRERENDER_NONCE}"`, ` nonce="${nonce}"`)
}

/** The modules a rewritten page preloads once it has painted: what it needs before it is interactive. */
export function deferredPreloads(html: string): string[] {
	const call = bootCall.exec(html)
	return call ? (JSON.parse(`[${call[1]}]`) as BootArguments)[0] : []
}
