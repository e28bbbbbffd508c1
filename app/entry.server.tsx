import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { loggedUrl } from '#app/features/console/console-paths.ts'
import { documentCode } from '#app/features/document/document-code.server.ts'
import { DocumentCodeContext } from '#app/features/document/document-scripts.tsx'
import { NonceContext } from '#app/features/document/inline-script.tsx'
import { InlineStylesContext } from '#app/features/document/inline-styles.tsx'
import siteCss from './app.css?inline'
import { documentContext } from './load-context.ts'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	// Build-time prerendering has no per-request nonce; the server strips the placeholder and allows script hashes.
	const { nonce, logger } = loadContext.get(documentContext)

	return new Promise<Response>((resolve, reject) => {
		const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
		// Marketing pages are small: wait for everything so crawlers and caches get complete HTML.
		const { pipe, abort } = renderToPipeableStream(
			<InlineStylesContext.Provider value={siteCss}>
				<NonceContext.Provider value={nonce}>
					<DocumentCodeContext.Provider value={documentCode}>
						<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
					</DocumentCodeContext.Provider>
				</NonceContext.Provider>
			</InlineStylesContext.Provider>,
			{
				nonce,
				// Large finished sections would otherwise be sent after the page and moved in by an inline script.
				progressiveChunkSize: Number.POSITIVE_INFINITY,
				onAllReady() {
					const body = new PassThrough()
					body.on('end', () => clearTimeout(timeoutId))
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					logger?.error({ err: error }, 'render error')
				},
			},
		)
	})
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
	// Aborted requests and refused ones (404, 405...) are not faults; the request log already records them.
	if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return
	const { logger } = context?.get(documentContext) ?? {}
	// React Router refuses a post whose Origin is another site's with a plain Error (answered 400): an attack, not a fault.
	if (error instanceof Error && error.message.includes('origin does not match')) {
		logger?.warn({ url: loggedUrl(request.url), origin: request.headers.get('origin') }, 'cross-origin post refused')
		return
	}
	if (logger) logger.error({ err: error, url: loggedUrl(request.url) }, 'request error')
	else console.error(error)
}

// The server takes the context keys from the build it runs, so that loaders and the server share one key.
export { requestContextKeys } from './load-context.ts'
