import { describe, expect, it } from 'vitest'
import { unsupportedNodeMessage } from './release.mjs'

describe('the Node a release runs on', () => {
	it('refuses Node older than 22.22 in one line that says what to do', () => {
		for (const old of ['v20.20.2', 'v22.21.9', 'v18.0.0']) {
			const message = unsupportedNodeMessage(old)
			expect(message).toContain('needs Node 22.22.0 or newer')
			expect(message).toContain(old.slice(1))
			expect(message).not.toContain('\n')
		}
	})

	it('accepts 22.22 and newer', () => {
		for (const current of ['v22.22.0', 'v22.30.1', 'v23.0.0', 'v24.21.0', 'v26.1.0']) {
			expect(unsupportedNodeMessage(current)).toBeNull()
		}
	})

	it('is what the test suite itself runs on: the project brings Node 24 however old the machine’s is', () => {
		expect(process.versions.node.split('.')[0]).toBe('24')
	})
})
