import fs from 'node:fs'
import path from 'node:path'
import { isDataPath } from '#app/features/document/data-url.ts'
import { type InMemoryPage, inMemoryPage } from './in-memory-page.ts'
import type { ContentSecurityPolicyOptions } from './security-headers.ts'

const CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

function walk(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'assets' ? [] : walk(full)
		return [full]
	})
}

/** Loads every prerendered page and its .data file into memory, compressed once, keyed by the URL path that serves it. */
export async function loadPrerendered(
	clientDir: string,
	csp: ContentSecurityPolicyOptions,
	pageHeaders: (pagePath: string) => [string, string][] = () => [],
) {
	const files = new Map<string, InMemoryPage>()
	if (!fs.existsSync(clientDir)) return files
	const load = (file: string, contentType: string, extra: [string, string][] = []) =>
		inMemoryPage(
			fs.readFileSync(file, 'utf8'),
			[['Content-Type', contentType], ['Cache-Control', CACHE_CONTROL], ...extra],
			csp,
		)
	await Promise.all(
		walk(clientDir).map(async (file) => {
			const rel = `/${path.relative(clientDir, file).split(path.sep).join('/')}`
			if (rel.endsWith('/index.html')) {
				const pagePath = rel.slice(0, -'/index.html'.length) || '/'
				files.set(pagePath, await load(file, 'text/html; charset=utf-8', pageHeaders(pagePath)))
			} else if (isDataPath(rel)) {
				files.set(rel, await load(file, 'text/x-script'))
			}
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
