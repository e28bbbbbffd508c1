import { useEffect, useId, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { headerLinks, menuLabels } from '#app/content/navigation.ts'
import { pagePaths } from '#app/content/page-paths.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { Icon, menuIcon, xIcon } from '#app/ui/icons.tsx'
import { BrandMark } from './brand-mark.tsx'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	`rounded-md px-3 py-2 text-sm font-medium transition-colors ${
		isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
	}`

/**
 * The site header. It works without JavaScript (decision 015): the phone menu is a popover its button opens and
 * closes (Escape and a click outside close it too), the scrolled state comes from app.css (or the header-scroll inline
 * script) and the current page's link is marked by the server. With React, a client navigation closes the menu.
 */
export function SiteHeader({ site }: { site: PublicConfig }) {
	const { key } = useLocation()
	const menuId = useId()
	const menu = useRef<HTMLElement>(null)

	// biome-ignore lint/correctness/useExhaustiveDependencies: a navigation, even to the same path, is the trigger
	useEffect(() => {
		if (menu.current?.matches(':popover-open')) menu.current.hidePopover()
	}, [key])

	return (
		<header data-site-header="" className="site-header fixed inset-x-0 top-0 z-40 transition-all duration-200">
			<div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
				<Link
					to={pagePaths.home}
					className="flex items-center gap-2 rounded-md font-semibold text-slate-900"
					aria-label={`${site.brandName} home`}
				>
					<BrandMark />
					<span>{site.brandName}</span>
				</Link>
				<nav aria-label="Main" className="hidden lg:block">
					<ul className="flex items-center gap-1">
						{headerLinks.map((link) => (
							<li key={link.to}>
								<NavLink to={link.to} className={navLinkClass} prefetch="intent">
									{link.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="flex items-center gap-2">
					<a
						href={`${site.appUrl}/login`}
						className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:inline-block"
					>
						Login
					</a>
					<a
						href={`${site.appUrl}/register`}
						className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
					>
						Start Free
					</a>
					{/* app.css shows the label and icon of the menu's state: the hidden one is no part of the button's name. */}
					<button
						type="button"
						popoverTarget={menuId}
						className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
					>
						<span className="site-menu-closed">
							<Icon node={menuIcon} className="h-5 w-5" />
							<span className="sr-only">{menuLabels.open}</span>
						</span>
						<span className="site-menu-open">
							<Icon node={xIcon} className="h-5 w-5" />
							<span className="sr-only">{menuLabels.close}</span>
						</span>
					</button>
				</div>
			</div>
			<nav
				ref={menu}
				id={menuId}
				popover="auto"
				aria-label="Mobile"
				className="site-menu border-b border-slate-200 bg-white px-4 pb-4 shadow-lg lg:hidden"
			>
				<ul className="flex flex-col gap-1 pt-2">
					{headerLinks.map((link) => (
						<li key={link.to}>
							<NavLink to={link.to} className={(state) => `block ${navLinkClass(state)}`}>
								{link.label}
							</NavLink>
						</li>
					))}
					<li>
						<a
							href={`${site.appUrl}/login`}
							className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
						>
							Login
						</a>
					</li>
				</ul>
			</nav>
		</header>
	)
}
