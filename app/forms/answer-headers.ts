import type { HeadersFunction } from 'react-router'

/**
 * The `headers` of a route with an action: React Router sends only an action's cookies unless its route says more,
 * so a 429's `Retry-After` would be lost.
 */
export const answerHeaders: HeadersFunction = ({ parentHeaders, actionHeaders, errorHeaders }) => {
	const headers = new Headers(parentHeaders)
	const retryAfter = actionHeaders.get('Retry-After') ?? errorHeaders?.get('Retry-After')
	if (retryAfter) headers.set('Retry-After', retryAfter)
	return headers
}
