import { errorLinks } from '#app/content/error-page.ts'
import { pagePaths } from '#app/content/page-paths.ts'

/**
 * A failure shown inside the layout, never indexed. Its links take the header's classes, which gzip finds in the
 * root chunk already; plain links load whole documents, so they work whatever state the failure left the router in.
 */
export function ErrorScreen({ heading, text }: { heading: string; text: string }) {
	return (
		<section className="mx-auto max-w-2xl px-4 py-24 text-center">
			<title>{heading}</title>
			<meta name="robots" content="noindex,nofollow" />
			<h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
			<p className="mt-4 text-lg text-slate-700">{text}</p>
			<p className="mt-8 flex justify-center gap-2">
				<a
					href={pagePaths.home}
					className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
				>
					{errorLinks.returnHome}
				</a>
				<a
					href={pagePaths.contact}
					className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
				>
					{errorLinks.contactSupport}
				</a>
			</p>
		</section>
	)
}
