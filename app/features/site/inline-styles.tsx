import { createContext, useContext } from 'react'

/** The site's whole stylesheet, provided by the server renderer only. */
export const InlineStylesContext = createContext('')

/**
 * The stylesheet inlined in the head: the first paint needs no second request. The browser keeps the
 * server's text: React does not patch `dangerouslySetInnerHTML` during hydration, and the client value
 * never changes afterwards, so the CSS is not shipped a second time inside the JavaScript.
 */
export function InlineStyles() {
	const css = useContext(InlineStylesContext)
	// biome-ignore lint/security/noDangerouslySetInnerHtml: our own build output, never user input
	return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
}
