import { describe, expect, it, vi } from 'vitest'
import { deferred } from './deferred.tsx'

const Page = () => null

describe('deferred', () => {
	it('starts the import in a task of its own, once, however often it is asked for', async () => {
		const importer = vi.fn(async () => Page)
		const content = deferred(importer)
		const first = content.load()
		const second = content.load()
		expect(importer).not.toHaveBeenCalled()
		await expect(first).resolves.toBe(Page)
		expect(second).toBe(first)
		expect(importer).toHaveBeenCalledTimes(1)
	})

	it('tries the import again after it failed', async () => {
		const importer = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Page)
		const content = deferred(importer)
		await expect(content.load()).rejects.toThrow('chunk failed')
		await expect(content.load()).resolves.toBe(Page)
		expect(importer).toHaveBeenCalledTimes(2)
	})
})
