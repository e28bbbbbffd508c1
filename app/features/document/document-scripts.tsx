import { createContext, useContext } from 'react'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { NonceContext } from './inline-script.tsx'

/**
 * The site's own scripts for the documents it renders, minified (`document-code.server.ts`). Only the server renderer
 * provides them: they run where the browser parses the server's HTML, and no JavaScript bundle carries them.
 */
export type DocumentCode = {
	firstPaint: string
	headerScroll: string
	insightsLoader: string
	speculationRules: string
}

export const DocumentCodeContext = createContext<DocumentCode | undefined>(undefined)

/** A script whose text only the server renders; hydration keeps the server's element as it is. */
function ServerScript({ code, type }: { code: string | undefined; type?: string }) {
	return (
		<script
			type={type}
			nonce={useContext(NonceContext)}
			suppressHydrationWarning
			// biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own minified code, never a visitor's text
			dangerouslySetInnerHTML={{ __html: code ?? '' }}
		/>
	)
}

/** `firstPaint()`, in the head: hydration (entry.client, decision 007) and the analytics loader wait on it. */
export function FirstPaintScript() {
	return <ServerScript code={useContext(DocumentCodeContext)?.firstPaint} />
}

/**
 * The end of the body: the header's scroll fallback on pages with the site header; the speculation rules of pages that
 * navigate by full page loads (no React, or React only on an interaction) until React runs (decision 015); the
 * analytics loader (decision 005).
 */
export function DocumentEndScripts({ siteHeader, speculation }: { siteHeader: boolean; speculation: boolean }) {
	const code = useContext(DocumentCodeContext)
	// Once the router navigates, prerendering the links' pages would be wasted.
	const hydrated = useHydrated()
	return (
		<>
			{siteHeader ? <ServerScript code={code?.headerScroll} /> : null}
			{speculation && !hydrated ? <ServerScript type="speculationrules" code={code?.speculationRules} /> : null}
			<ServerScript code={code?.insightsLoader} />
		</>
	)
}
