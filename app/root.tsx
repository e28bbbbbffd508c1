import { useEffect } from 'react'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteError,
	useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { pagePaths } from './content/page-paths.ts'
import { ScrollOnNavigate } from './features/layout/scroll-on-navigate.tsx'
import { SiteFooter } from './features/layout/site-footer.tsx'
import { SiteHeader } from './features/layout/site-header.tsx'
import { InlineStyles } from './features/site/inline-styles.tsx'
import { siteConfig } from './features/site/page-seo.server.ts'
import { Toaster } from './ui/toaster.tsx'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader() {
	return { site: siteConfig() }
}

export function Layout({ children }: { children: React.ReactNode }) {
	const site = useRouteLoaderData<typeof loader>('root')?.site
	// Says on the document that React runs the shell, for tests and tools: they never read React's internals.
	useEffect(() => {
		document.documentElement.dataset.hydrated = ''
	}, [])
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#1f56d1" />
				<Meta />
				<InlineStyles />
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
				<main id="main" tabIndex={-1} className="flex-1 pt-20 outline-none">
					{children}
				</main>
				{site ? <SiteFooter site={site} /> : null}
				<Toaster />
				<ScrollOnNavigate />
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary() {
	const error = useRouteError()
	const detail = isRouteErrorResponse(error)
		? `${error.status} ${error.statusText}`
		: error instanceof Error
			? error.message
			: 'Unknown error'
	return (
		<section className="mx-auto max-w-2xl px-6 py-24">
			<title>Unexpected Application Error</title>
			<meta name="robots" content="noindex,nofollow" />
			<h1 className="text-3xl font-bold">Unexpected Application Error</h1>
			<p className="mt-4 text-lg text-slate-700">{detail}</p>
			<p className="mt-8">
				<a href={pagePaths.home} className="font-medium text-brand-700 underline underline-offset-4">
					Return Home
				</a>
			</p>
		</section>
	)
}
