import { useContext, useEffect } from 'react'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useMatches,
	useRouteError,
	useRouteLoaderData,
} from 'react-router'
import { DocumentEndScripts, FirstPaintScript } from '#app/features/document/document-scripts.tsx'
import { NonceContext } from '#app/features/document/inline-script.tsx'
import { InlineStyles } from '#app/features/document/inline-styles.tsx'
import { announceAllowedMethods, refuseOtherMethods } from '#app/features/document/route-methods.server.ts'
import { siteConfig } from '#app/features/seo/page-seo.server.ts'
import type { Route } from './+types/root'
import { errorPage, unexpectedError } from './content/error-page.ts'
import { ScrollOnNavigate } from './features/layout/scroll-on-navigate.tsx'
import { SiteFooter } from './features/layout/site-footer.tsx'
import { SiteHeader } from './features/layout/site-header.tsx'
import { ErrorScreen } from './features/site/error-screen.tsx'
import { errorScreenOf, hydrates, hydratesOnInteraction, inConsole } from './features/site/route-handle.ts'
import { Toaster } from './ui/toaster.tsx'

// Every request the router runs meets its route's method policy before any loader or action.
export const middleware: Route.MiddlewareFunction[] = [announceAllowedMethods, refuseOtherMethods]

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader() {
	return { site: siteConfig(), errorPage }
}

// The site's public configuration never changes while a page is open: a failed data request must not take it away.
export const shouldRevalidate = () => false

export function Layout({ children }: { children: React.ReactNode }) {
	const matches = useMatches()
	// The console draws its own shell; the site's header and footer are for visitors.
	const consolePage = inConsole(matches)
	const rootData = useRouteLoaderData<typeof loader>('root')
	const site = consolePage ? undefined : rootData?.site
	const nonce = useContext(NonceContext)
	// Says on the document that React runs the shell, for tests and tools: they never read React's internals.
	useEffect(() => {
		document.documentElement.dataset.hydrated = ''
	}, [])
	return (
		// entry.client reads `data-hydrate` to wait for the visitor's first interaction before it hydrates.
		<html lang="en" data-hydrate={hydratesOnInteraction(matches) ? 'on-interaction' : undefined}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#1f56d1" />
				<Meta />
				<InlineStyles />
				<FirstPaintScript />
				<Links />
				<noscript>
					<style>{'.js-only{display:none!important}'}</style>
				</noscript>
			</head>
			<body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
				<a
					href="#main"
					className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
				>
					Skip to content
				</a>
				{site ? <SiteHeader site={site} /> : null}
				{consolePage ? (
					children
				) : (
					<main id="main" tabIndex={-1} className="site-main flex-1 pt-20 outline-none">
						{children}
					</main>
				)}
				{site ? <SiteFooter site={site} /> : null}
				{/* Mounted whatever the route ships: a client navigation into a page without React still scrolls, focuses and
				restores the position on the way back. */}
				<ScrollOnNavigate />
				<ScrollRestoration nonce={nonce} />
				{hydrates(matches) ? (
					<>
						<Toaster />
						<Scripts nonce={nonce} />
					</>
				) : null}
				<DocumentEndScripts
					siteHeader={Boolean(site)}
					speculation={!hydrates(matches) || hydratesOnInteraction(matches)}
				/>
			</body>
		</html>
	)
}

/** A console route refused before any loader ran: its routes' meta is not called, so the root names the refusal. */
export const meta: Route.MetaFunction = ({ error }) => {
	const title = isRouteErrorResponse(error) ? (error.data as { title?: unknown } | null)?.title : undefined
	return typeof title === 'string' ? [{ title }, { name: 'robots', content: 'noindex, nofollow' }] : []
}

export default function App() {
	return <Outlet />
}

/**
 * Every page's failure (its data did not arrive, its loader or render failed) in the site's voice, inside the
 * layout. Without the root's data (the root's own failure, or a refused request such as a POST to a page without an
 * action, for which React Router runs no loader) the plain screen, still styled, with the status.
 */
export function ErrorBoundary() {
	const error = useRouteError()
	const copy = useRouteLoaderData<typeof loader>('root')?.errorPage
	// The console's role check refuses before any loader runs, and React Router hands that to this boundary.
	const Screen = errorScreenOf(useMatches())
	if (Screen) return <Screen error={error} />
	if (copy) return <ErrorScreen heading={copy.heading} text={copy.description} />
	const detail = isRouteErrorResponse(error)
		? `${error.status} ${error.statusText}`
		: error instanceof Error
			? error.message
			: unexpectedError.unknown
	return <ErrorScreen heading={unexpectedError.heading} text={detail} />
}
