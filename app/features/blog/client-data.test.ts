import { afterEach, describe, expect, it, vi } from 'vitest'
import { blogClientData, CLIENT_DATA_TTL_MS } from './client-data.ts'

describe('blogClientData', () => {
	afterEach(() => {
		vi.useRealTimers()
	})

	it('retries a failing request 3 times with exponential backoff, then gives the unavailable state, uncached', async () => {
		vi.useFakeTimers()
		const loader = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'))
		const result = blogClientData('http://x/blog?page=9', loader)
		await vi.advanceTimersByTimeAsync(999)
		expect(loader).toHaveBeenCalledTimes(1)
		await vi.advanceTimersByTimeAsync(1 + 2000 + 4000)
		expect(loader).toHaveBeenCalledTimes(4)
		expect(await result).toEqual({ unavailable: true })

		// The failure is not kept: the same address asks the server again.
		const server500 = { status: 500, statusText: 'Internal Server Error', internal: true, data: '' }
		const again = vi.fn().mockRejectedValue(server500)
		const retried = blogClientData('http://x/blog?page=9', again)
		await vi.advanceTimersByTimeAsync(7000)
		expect(again).toHaveBeenCalledTimes(4)
		expect(await retried).toEqual({ unavailable: true })
	})

	it('lets a redirect through at once, for React Router to follow', async () => {
		const redirect = new Response(null, { status: 302, headers: { Location: '/blog' } })
		const loader = vi.fn().mockRejectedValue(redirect)
		await expect(blogClientData('http://x/blog/moved', loader)).rejects.toBe(redirect)
		expect(loader).toHaveBeenCalledTimes(1)
	})

	it('gives a 4xx the unavailable state at once, without retrying', async () => {
		const forbidden = vi.fn().mockRejectedValue({ status: 403, statusText: 'Forbidden', internal: true, data: '' })
		expect(await blogClientData('http://x/blog/missing', forbidden)).toEqual({ unavailable: true })
		expect(forbidden).toHaveBeenCalledTimes(1)
	})

	it('reuses visited data for 5 minutes', async () => {
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
