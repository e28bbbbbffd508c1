import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { errorPage } from './content/error-page.ts'
import { ErrorBoundary } from './root.tsx'

function EmptyPage() {
	return null
}

async function renderRoutes(routes: Parameters<typeof createStaticHandler>[0]) {
	const handler = createStaticHandler(routes)
	const context = await handler.query(new Request('http://localhost/'))
	if (context instanceof Response) throw new Error('unexpected redirect')
	return renderToString(
		<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
	)
}

const renderError = (loader: () => unknown) =>
	renderRoutes([{ path: '/', loader, Component: EmptyPage, ErrorBoundary }])

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

	it("shows a page's failure in the site's voice while the root's data is there", async () => {
		const html = await renderRoutes([
			{
				id: 'root',
				path: '/',
				loader: () => ({ errorPage }),
				ErrorBoundary,
				children: [
					{
						index: true,
						loader: () => {
							throw new Error('Database is not answering')
						},
						Component: EmptyPage,
					},
				],
			},
		])
		expect(html).toContain(errorPage.heading)
		expect(html).toContain(errorPage.description.replace("'", '&#x27;'))
		expect(html).toContain('noindex')
		// What the visitor reads; the hydration data after it carries the error for React alone.
		expect(/<section[\s\S]*<\/section>/.exec(html)?.[0]).not.toContain('Database is not answering')
	})
})
