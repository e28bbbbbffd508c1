import { describe, expect, it } from 'vitest'
import { carriedOver, locationOf, pathProblem, requestedPath, storedPath } from './redirect-paths.ts'

describe('redirect addresses', () => {
	it('stores site paths decoded, trimmed, a target with its query and fragment as typed', () => {
		expect(storedPath(' /old-page ', 'from')).toEqual({ ok: true, path: '/old-page' })
		expect(storedPath('/caf%C3%A9', 'from')).toEqual({ ok: true, path: '/café' })
		expect(storedPath('/café', 'from')).toEqual({ ok: true, path: '/café' })
		expect(storedPath('/blog?page=2#top', 'to')).toEqual({ ok: true, path: '/blog?page=2#top' })
		expect(storedPath('/100%25', 'to')).toEqual({ ok: true, path: '/100%' })
	})

	it('refuses what is not a path on this site, or could not be matched or sent safely', () => {
		const cases: [string, 'from' | 'to', string][] = [
			['', 'from', 'empty'],
			['   ', 'to', 'empty'],
			[`/${'a'.repeat(500)}`, 'from', 'tooLong'],
			['https://example.com/x', 'to', 'notSitePath'],
			['example.com/x', 'to', 'notSitePath'],
			['//evil.example/x', 'to', 'notSitePath'],
			['/%2Fevil.example', 'to', 'doubleSlash'],
			['/a//b', 'from', 'doubleSlash'],
			['/\\evil.example', 'to', 'characters'],
			['/a%5Cb', 'to', 'characters'],
			['/a b', 'from', 'characters'],
			['/a%20b', 'from', 'characters'],
			['/a%00', 'from', 'characters'],
			['/a\u202eb', 'from', 'characters'],
			['/a%3Fb', 'from', 'characters'],
			['/a?q=1 2', 'to', 'characters'],
			['/old?utm=1', 'from', 'query'],
			['/old#part', 'from', 'query'],
			['/a/../b', 'from', 'dotSegment'],
			['/a/.', 'to', 'dotSegment'],
			['/%E0%A4%A', 'from', 'encoding'],
			['/%', 'to', 'encoding'],
		]
		for (const [typed, kind, problem] of cases) expect([typed, pathProblem(typed, kind)]).toEqual([typed, problem])
		expect(pathProblem('/a.b/..c/.d', 'from')).toBeNull()
	})

	it('carries a request’s query after the target’s own, and its fragment unless the target has one', () => {
		expect(carriedOver('/new', '')).toBe('/new')
		expect(carriedOver('/new', '?utm_source=mail')).toBe('/new?utm_source=mail')
		expect(carriedOver('/new?a=1', '?b=2')).toBe('/new?a=1&b=2')
		expect(carriedOver('/new#top', '/old?b=2#part')).toBe('/new?b=2#top')
		expect(carriedOver('/new?a=1', '/old#part')).toBe('/new?a=1#part')
	})

	it('sends a target in ASCII, never to another site, with the request’s query', () => {
		expect(locationOf('/café', '')).toBe('/caf%C3%A9')
		expect(locationOf('/100%', '?x=1')).toBe('/100%25?x=1')
		expect(locationOf('/search?q=é#über', '')).toBe('/search?q=%C3%A9#%C3%BCber')
		expect(locationOf('/a:b@c', '')).toBe('/a:b@c')
		// Rows written into the table by hand are checked again before they are sent.
		for (const stored of ['//evil.example', 'https://evil.example', '/\\evil.example', '/a b', '/a?x=1 2'])
			expect([stored, locationOf(stored, '')]).toEqual([stored, null])
	})

	it('reads a request path decoded, and none a redirect cannot start at', () => {
		expect(requestedPath('/caf%C3%A9')).toBe('/café')
		expect(requestedPath('/caf%c3%a9')).toBe('/café')
		for (const path of ['/%E0%A4%A', '/%00', '/..%2f', '///pricing', '/a%20b', `/${'a'.repeat(600)}`])
			expect([path, requestedPath(path)]).toEqual([path, null])
	})
})
