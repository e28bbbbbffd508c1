import { createContext, useContext } from 'react'

/** The site's whole stylesheet, provided by the server renderer only. */
export const InlineStylesContext = createContext('')

/**
 * The stylesheet inlined in the head: the first paint needs no second request. As a style resource (`href` and
 * `precedence`) React in the browser adopts the server's element by its `href` and never removes or rewrites it:
 * a remount of the document (the root error boundary) keeps the CSS, which is not shipped again in the JavaScript.
 */
export function InlineStyles() {
	return (
		<style href="site-css" precedence="site">
			{useContext(InlineStylesContext)}
		</style>
	)
}
