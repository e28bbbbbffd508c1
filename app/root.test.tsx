import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ErrorBoundary } from './root.tsx'

function EmptyPage() {
	return null
}

async function renderError(loader: () => unknown) {
	const handler = createStaticHandler([{ path: '/', loader, Component: EmptyPage, ErrorBoundary }])
	const context = await handler.query(new Request('http://localhost/'))
	if (context instanceof Response) throw new Error('unexpected redirect')
	return renderToString(
		<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
	)
}

describe('error screen', () => {
	it('shows the heading with the status and status text of a thrown response', async () => {
		const html = await renderError(() => {
			throw data(null, { status: 503, statusText: 'Service Unavailable' })
		})
		expect(html).toContain('Unexpected Application Error')
		expect(html).toContain('503 Service Unavailable')
	})

	it('shows the message of a thrown error', async () => {
		const html = await renderError(() => {
			throw new Error('Database is not answering')
		})
		expect(html).toContain('Unexpected Application Error')
		expect(html).toContain('Database is not answering')
	})
})
