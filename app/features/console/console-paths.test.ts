import { describe, expect, it } from 'vitest'
import { consolePaths, isConsolePath, loggedUrl, safeNextPath } from './console-paths.ts'

describe('console paths', () => {
	it('send a signed-in operator back only to a console page of this site', () => {
		expect(safeNextPath('/admin/operators?x=1')).toBe('/admin/operators?x=1')
		expect(safeNextPath('/admin/export/contact_messages.csv')).toBe('/admin/export/contact_messages.csv')
		for (const hostile of [
			'https://evil.example/admin',
			'//evil.example/admin',
			'/\\evil.example',
			'/admin\\@evil.example',
			'/blog',
			'/administrator',
			'javascript:alert(1)',
			'/admin/../blog',
			'/admin/setup?token=x',
			null,
			'',
		]) {
			expect(safeNextPath(hostile), String(hostile)).toBe(consolePaths.home)
		}
	})

	it('tell console addresses apart', () => {
		expect(isConsolePath('/admin')).toBe(true)
		expect(isConsolePath('/admin.data')).toBe(true)
		expect(isConsolePath('/admin/operators.data')).toBe(true)
		expect(isConsolePath('/administrator')).toBe(false)
		expect(isConsolePath('/blog/admin')).toBe(false)
	})
})

describe('logged addresses', () => {
	it('never hold a single-use link’s token, nor a preview link’s', () => {
		expect(loggedUrl('/admin/invitation?token=abc-DEF_123')).toBe('/admin/invitation?token=[redacted]')
		expect(loggedUrl('/admin/setup?x=1&TOKEN=abc#f')).toBe('/admin/setup?x=1&TOKEN=[redacted]#f')
		expect(loggedUrl('/blog?page=2')).toBe('/blog?page=2')
		expect(loggedUrl('/blog/preview/AbC-123_x?utm=1')).toBe('/blog/preview/[redacted]?utm=1')
	})
})
