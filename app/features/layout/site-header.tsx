import { useEffect, useId, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { headerLinks } from '../../content/navigation.ts'
import { pagePaths } from '../../content/page-paths.ts'
import { Icon, menuIcon, xIcon } from '../../ui/icons.tsx'
import type { PublicConfig } from '../site/config.server.ts'
import { BrandMark } from './brand-mark.tsx'

export const HEADER_SCROLL_THRESHOLD = 50

function useScrolledPast(threshold: number) {
	const [scrolled, setScrolled] = useState(false)
	useEffect(() => {
		const update = () => setScrolled(window.scrollY > threshold)
		update()
		window.addEventListener('scroll', update, { passive: true })
		return () => window.removeEventListener('scroll', update)
	}, [threshold])
	return scrolled
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	`rounded-md px-3 py-2 text-sm font-medium transition-colors ${
		isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
	}`

export function SiteHeader({ site }: { site: PublicConfig }) {
	const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD)
	const [menuOpen, setMenuOpen] = useState(false)
	const location = useLocation()
	const menuId = useId()

	// A navigation closes the menu.
	// biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
	useEffect(() => setMenuOpen(false), [location.pathname])

	useEffect(() => {
		if (!menuOpen) return
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape') setMenuOpen(false)
		}
		document.addEventListener('keydown', onKey)
		return () => document.removeEventListener('keydown', onKey)
	}, [menuOpen])

	return (
		<header
			data-scrolled={scrolled ? 'true' : 'false'}
			className={`fixed inset-x-0 top-0 z-40 transition-all duration-200 ${
				scrolled ? 'h-16 border-b border-slate-200/70 bg-white/80 backdrop-blur-md' : 'h-20 bg-white'
			}`}
		>
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
					<button
						type="button"
						className="js-only inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
						aria-expanded={menuOpen}
						aria-controls={menuId}
						aria-label={menuOpen ? 'Close menu' : 'Open menu'}
						onClick={() => setMenuOpen((open) => !open)}
					>
						<Icon node={menuOpen ? xIcon : menuIcon} className="h-5 w-5" />
					</button>
					<noscript>
						<a href="#site-footer" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 lg:hidden">
							Menu
						</a>
					</noscript>
				</div>
			</div>
			<nav
				id={menuId}
				aria-label="Mobile"
				hidden={!menuOpen}
				className="border-b border-slate-200 bg-white px-4 pb-4 shadow-lg lg:hidden"
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
