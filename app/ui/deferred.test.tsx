import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { deferred } from './deferred.tsx'

const Page = () => null
const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>

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

	it('says in the server HTML that its content is pending, in a wrapper that takes no part in the layout', async () => {
		const Content = deferred(async () => Greeting)
		await Content.load()
		expect(renderToStaticMarkup(<Content name="Ada" />)).toBe(
			'<div data-deferred="pending" class="contents"><p>Hello Ada</p></div>',
		)
	})

	it('tries the import again after it failed', async () => {
		const importer = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Page)
		const content = deferred(importer)
		await expect(content.load()).rejects.toThrow('chunk failed')
		await expect(content.load()).resolves.toBe(Page)
		expect(importer).toHaveBeenCalledTimes(2)
	})
})
