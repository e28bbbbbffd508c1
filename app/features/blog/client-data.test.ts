import { afterEach, describe, expect, it, vi } from 'vitest'
import { blogClientData, CLIENT_DATA_TTL_MS } from './client-data.ts'

describe('blogClientData', () => {
	afterEach(() => {
		vi.useRealTimers()
	})

	it('retries a failing request 3 times with exponential backoff, then gives up', async () => {
		vi.useFakeTimers()
		const loader = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'))
		const result = blogClientData('http://x/blog?page=9', loader).catch((error: unknown) => error)
		await vi.advanceTimersByTimeAsync(999)
		expect(loader).toHaveBeenCalledTimes(1)
		await vi.advanceTimersByTimeAsync(1 + 2000 + 4000)
		expect(loader).toHaveBeenCalledTimes(4)
		expect(await result).toBeInstanceOf(TypeError)
	})

	it('does not retry a 404 and reuses visited data for 5 minutes', async () => {
		const missing = vi.fn().mockRejectedValue({ status: 404, statusText: 'Not Found', internal: false, data: null })
		await expect(blogClientData('http://x/blog/missing', missing)).rejects.toBeTruthy()
		expect(missing).toHaveBeenCalledTimes(1)

		vi.useFakeTimers()
		const loader = vi.fn().mockResolvedValue({ posts: [1] })
		expect(await blogClientData('http://x/blog?page=2', loader)).toEqual({ posts: [1] })
		expect(await blogClientData('http://x/blog?page=2', loader)).toEqual({ posts: [1] })
		expect(loader).toHaveBeenCalledTimes(1)
		vi.advanceTimersByTime(CLIENT_DATA_TTL_MS + 1)
		await blogClientData('http://x/blog?page=2', loader)
		expect(loader).toHaveBeenCalledTimes(2)
	})
})
