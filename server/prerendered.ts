import fs from 'node:fs'
import path from 'node:path'
import { isDataPath } from '#app/features/document/data-url.ts'
import { type CompressedBodies, compressPage, type InMemoryPage, inMemoryPage, keptPage } from './in-memory-page.ts'
import type { ContentSecurityPolicyOptions } from './security-headers.ts'

const CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

function walk(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'assets' ? [] : walk(full)
		return [full]
	})
}

/** A prerendered page or .data file of a build's client folder: its file, `/`-path inside the folder, and whether HTML. */
type PrerenderedFile = { file: string; rel: string; isHtml: boolean }

function prerenderedFiles(clientDir: string): PrerenderedFile[] {
	return walk(clientDir).flatMap((file): PrerenderedFile[] => {
		const rel = `/${path.relative(clientDir, file).split(path.sep).join('/')}`
		if (rel.endsWith('/index.html')) return [{ file, rel, isHtml: true }]
		return isDataPath(rel) ? [{ file, rel, isHtml: false }] : []
	})
}

/** Beside the client folder, so static file serving never answers with them. */
const compressedDir = (clientDir: string) => path.join(clientDir, '..', 'compressed-pages')

/**
 * At build time: the prerendered pages compressed as `loadPrerendered` would, so a start (or restart under traffic)
 * reads them instead of spending seconds of brotli.
 */
export async function compressPrerendered(clientDir: string) {
	const files = prerenderedFiles(clientDir)
	await Promise.all(
		files.map(async ({ file, rel, isHtml }) => {
			const bodies = await compressPage(Buffer.from(keptPage(fs.readFileSync(file, 'utf8'), isHtml).html), 11)
			const target = path.join(compressedDir(clientDir), rel)
			fs.mkdirSync(path.dirname(target), { recursive: true })
			fs.writeFileSync(`${target}.br`, bodies.br)
			fs.writeFileSync(`${target}.gz`, bodies.gzip)
		}),
	)
	return files.length
}

function compressedAtBuild(clientDir: string, rel: string): CompressedBodies | undefined {
	const target = path.join(compressedDir(clientDir), rel)
	if (!fs.existsSync(`${target}.br`) || !fs.existsSync(`${target}.gz`)) return undefined
	return { br: fs.readFileSync(`${target}.br`), gzip: fs.readFileSync(`${target}.gz`) }
}

/** Loads every prerendered page and its .data file into memory, compressed, keyed by the URL path that serves it. */
export async function loadPrerendered(
	clientDir: string,
	csp: ContentSecurityPolicyOptions,
	pageHeaders: (pagePath: string) => [string, string][] = () => [],
) {
	const files = new Map<string, InMemoryPage>()
	if (!fs.existsSync(clientDir)) return files
	await Promise.all(
		prerenderedFiles(clientDir).map(async ({ file, rel, isHtml }) => {
			const pagePath = isHtml ? rel.slice(0, -'/index.html'.length) || '/' : rel
			const headers: [string, string][] = isHtml
				? [['Content-Type', 'text/html; charset=utf-8'], ['Cache-Control', CACHE_CONTROL], ...pageHeaders(pagePath)]
				: [
						['Content-Type', 'text/x-script'],
						['Cache-Control', CACHE_CONTROL],
					]
			const text = fs.readFileSync(file, 'utf8')
			files.set(pagePath, await inMemoryPage(text, headers, csp, compressedAtBuild(clientDir, rel)))
		}),
	)
	return files
}

/** The prerendered page a request URL names, if any; trailing-slash variants are left to the router. */
export function prerenderedPage(files: Map<string, InMemoryPage>) {
	return (url: string): InMemoryPage | undefined => {
		const query = url.indexOf('?')
		const urlPath = query === -1 ? url : url.slice(0, query)
		return urlPath !== '/' && urlPath.endsWith('/') ? undefined : files.get(urlPath)
	}
}
