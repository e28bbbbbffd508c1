import { createContext, useContext } from 'react'

/** The nonce React writes on the response's inline scripts (the placeholder on kept pages), from the server renderer. */
export const NonceContext = createContext('')

/**
 * A classic inline script in the server's HTML, allowed like the document's other inline scripts by the response's
 * nonce or, on kept pages, its hash. It runs where the browser parses that HTML; a client render inserts it inert.
 */
export function InlineScript({ code }: { code: string }) {
	// biome-ignore lint/security/noDangerouslySetInnerHtml: the code is the site's own constant, never a visitor's text
	return <script nonce={useContext(NonceContext)} dangerouslySetInnerHTML={{ __html: code }} />
}
