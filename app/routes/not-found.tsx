import { useEffect } from 'react'
import { data, Link, useLocation } from 'react-router'
import { badAddressPage, notFoundPage } from '#app/content/not-found.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import { InlineScript } from '#app/features/document/inline-script.tsx'
import { followStoredRedirect } from '#app/features/publishing/redirects.server.ts'
import { metaFromLoader } from '#app/features/seo/meta.ts'
import { pageSeo } from '#app/features/seo/page-seo.server.ts'
import type { RouteHandle } from '#app/features/site/route-handle.ts'
import { siteContext } from '#app/load-context.ts'
import type { Route } from './+types/not-found'

export async function loader({ url, context }: Route.LoaderArgs) {
	const site = context.get(siteContext)
	const path = url.pathname
	if (site.malformedAddress) {
		const { title, description, status } = badAddressPage
		return data({ seo: pageSeo({ title, description, path, noindex: true }), malformed: true }, { status })
	}
	await followStoredRedirect(site, url)
	const { title, description, status } = notFoundPage
	return data({ seo: pageSeo({ title, description, path, noindex: true }), malformed: false }, { status })
}

export const meta: Route.MetaFunction = metaFromLoader

// Nothing on the page needs JavaScript.
export const handle: RouteHandle = { hydrate: false }

/** Logs the bad path where the page is loaded; a client navigation from a page with React logs it from the effect. */
const logBadPath = `console.error(${JSON.stringify(notFoundPage.consoleMessage)}, location.pathname)`

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
	const { pathname } = useLocation()
	const { malformed } = loaderData
	const copy = malformed ? badAddressPage : notFoundPage
	useEffect(() => {
		if (!malformed) console.error(notFoundPage.consoleMessage, pathname)
	}, [pathname, malformed])
	return (
		<section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
			{malformed ? null : <InlineScript code={logBadPath} />}
			<p className="text-7xl font-extrabold text-brand-600" aria-hidden="true">
				{copy.status}
			</p>
			<h1 className="mt-4 text-3xl font-bold tracking-tight">{copy.heading}</h1>
			<p className="mt-4 text-lg text-slate-700">{copy.description}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<Link
					to={pagePaths.home}
					className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
				>
					{copy.returnHome}
				</Link>
				<Link
					to={pagePaths.contact}
					className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
				>
					{copy.contactSupport}
				</Link>
			</div>
		</section>
	)
}
