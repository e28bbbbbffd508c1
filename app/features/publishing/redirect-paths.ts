import { type PathProblem, redirectLimits } from '#app/content/redirects.ts'

/** The console page of redirects. */
export const redirectsPagePath = '/admin/redirects'

/** Never in a decoded path: invisible or control characters, a backslash (read as /), ? or # (they would split it). */
const FORBIDDEN = /[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\\?#]/u
/** The same for a target's query and fragment, where ? and # belong. */
const FORBIDDEN_IN_QUERY = /[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\\]/u
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/

/** An address split where its path ends: `rest` is its `?query` and `#fragment`, each with its mark, or ''. */
function splitAddress(address: string) {
	const end = address.search(/[?#]/)
	return end === -1 ? { path: address, rest: '' } : { path: address.slice(0, end), rest: address.slice(end) }
}

/** Why a decoded path cannot be stored or matched, or null when it can. */
function decodedPathProblem(path: string): PathProblem | null {
	if (!path.startsWith('/')) return 'notSitePath'
	if (path.length > redirectLimits.path) return 'tooLong'
	if (FORBIDDEN.test(path)) return 'characters'
	if (path.includes('//')) return 'doubleSlash'
	if (DOT_SEGMENT.test(path)) return 'dotSegment'
	return null
}

function decoded(path: string) {
	try {
		return decodeURIComponent(path)
	} catch {
		return null
	}
}

/** A typed address as stored (decoded: `/caf%C3%A9` is `/café`; only a target keeps ?query, #fragment), or why not. */
export function storedPath(
	typed: string,
	kind: 'from' | 'to',
): { ok: true; path: string } | { ok: false; problem: PathProblem } {
	const value = typed.trim()
	if (value === '') return { ok: false, problem: 'empty' }
	if (value.length > redirectLimits.path) return { ok: false, problem: 'tooLong' }
	if (!value.startsWith('/') || value.startsWith('//')) return { ok: false, problem: 'notSitePath' }
	const { path, rest } = splitAddress(value)
	if (kind === 'from' && rest !== '') return { ok: false, problem: 'query' }
	const plain = decoded(path)
	if (plain === null) return { ok: false, problem: 'encoding' }
	const problem = decodedPathProblem(plain) ?? (FORBIDDEN_IN_QUERY.test(rest) ? 'characters' : null)
	return problem ? { ok: false, problem } : { ok: true, path: `${plain}${rest}` }
}

/** Why a typed address cannot be a redirect's, or null: the forms' check, in the browser and on the server. */
export function pathProblem(typed: string, kind: 'from' | 'to'): PathProblem | null {
	const stored = storedPath(typed, kind)
	return stored.ok ? null : stored.problem
}

/** The path a stored address names, without its query and fragment: what a chain of redirects is followed by. */
export const pathOf = (address: string) => splitAddress(address).path

/** Where a request for `address` lands when its path redirects to `target`: queries joined, target's fragment first. */
export function carriedOver(target: string, address: string) {
	const parts = (value: string) => {
		const { path, rest } = splitAddress(value)
		const hash = rest.indexOf('#')
		const query = hash === -1 ? rest : rest.slice(0, hash)
		return { path, query: query.slice(1), fragment: hash === -1 ? '' : rest.slice(hash + 1) }
	}
	const to = parts(target)
	const from = parts(address)
	const query = [to.query, from.query].filter(Boolean).join('&')
	const fragment = to.fragment || from.fragment
	return `${to.path}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`
}

/** Characters a path keeps as they are in a URL (RFC 3986 pchar and /); everything else is percent-encoded. */
const PATH_ESCAPED = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu
/** A query or fragment keeps what was typed; only what a header cannot carry is encoded. */
const REST_ESCAPED = /[^\x21-\x7e]/gu

/** A stored target as an ASCII Location with the request's query; null for a hand-written row that is no site path. */
export function locationOf(target: string, search: string): string | null {
	const { path, rest } = splitAddress(target)
	if (decodedPathProblem(path) !== null || FORBIDDEN_IN_QUERY.test(rest)) return null
	const encoded = `${path.replace(PATH_ESCAPED, encodeURIComponent)}${rest.replace(REST_ESCAPED, encodeURIComponent)}`
	return carriedOver(encoded, search)
}

/** The decoded path a request asks for, or null where no redirect can start (odd escapes, forbidden characters). */
export function requestedPath(pathname: string): string | null {
	const plain = decoded(pathname)
	return plain !== null && decodedPathProblem(plain) === null ? plain : null
}
