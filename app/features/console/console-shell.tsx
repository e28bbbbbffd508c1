import type { ReactNode } from 'react'
import { Link, NavLink, useFetcher } from 'react-router'
import { consoleCopy, consoleNavigation } from '#app/content/console.ts'
import { inboxCopy } from '#app/content/inbox.ts'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { BrandMark } from '#app/features/layout/brand-mark.tsx'
import { homeFor, mayOpen, type OperatorRole } from '#app/features/operators/roles.ts'
import { buttonClass } from '#app/ui/button.ts'
import { CsrfField } from './console-forms.tsx'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	`block rounded-md px-3 py-2 text-sm font-medium ${
		isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
	}`

/** The signed-in console: its header (navigation to what the operator's role opens, the operator, sign-out) and the page. */
export function ConsoleShell({
	brandName,
	operatorName,
	role,
	csrfToken,
	attention,
	children,
}: {
	brandName: string
	operatorName: string
	role: OperatorRole
	csrfToken: string
	/** Leads waiting for someone: shown beside the inbox's link. */
	attention: number
	children: ReactNode
}) {
	const signOut = useFetcher()
	return (
		<div className="flex min-h-screen flex-col bg-slate-50">
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
					<Link
						to={homeFor(role)}
						className="flex items-center gap-2 rounded-md font-semibold text-slate-900"
						prefetch="intent"
					>
						<BrandMark />
						<span>
							{brandName} {consoleCopy.brandSuffix}
						</span>
					</Link>
					<div className="flex flex-wrap items-center gap-2">
						<NavLink to={consolePaths.account} className={navLinkClass}>
							<span className="sr-only">{consoleCopy.account}: </span>
							{operatorName}
						</NavLink>
						<signOut.Form method="post" action={consolePaths.signOut}>
							<CsrfField token={csrfToken} />
							<button type="submit" className={buttonClass('secondary', 'md')} disabled={signOut.state !== 'idle'}>
								{signOut.state !== 'idle' ? consoleCopy.signingOut : consoleCopy.signOut}
							</button>
						</signOut.Form>
					</div>
				</div>
				<nav aria-label={consoleCopy.navigationLabel} className="mx-auto max-w-6xl px-2 pb-2 sm:px-4">
					<ul className="flex flex-wrap gap-1">
						{consoleNavigation
							.filter((item) => mayOpen(role, item.path))
							.map((item) => (
								<li key={item.path} className="flex items-center">
									<NavLink to={item.path} className={navLinkClass} prefetch="intent">
										{item.label}
									</NavLink>
									{item.path === consolePaths.inbox && attention > 0 ? (
										// The count is a way in: the leads that wait for someone.
										<Link
											to={`${consolePaths.inbox}?status=attention`}
											aria-label={inboxCopy.attentionLabel(attention)}
											className="-ml-1 mr-1 inline-flex min-h-6 min-w-6 items-center justify-center rounded-full bg-brand-700 px-2 text-xs font-semibold text-white hover:bg-brand-800"
										>
											{attention}
										</Link>
									) : null}
								</li>
							))}
					</ul>
				</nav>
			</header>
			<main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6">
				{children}
			</main>
		</div>
	)
}

/** A console page's heading and its one-line purpose. */
export function ConsolePageHeader({ heading, intro }: { heading: string; intro?: string }) {
	return (
		<div className="mb-6">
			<h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
			{intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
		</div>
	)
}
