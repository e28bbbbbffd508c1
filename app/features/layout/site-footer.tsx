import { Link } from 'react-router'
import { footerCopy, footerGroups } from '#app/content/navigation.ts'
import type { PublicConfig } from '#app/features/site/config.server.ts'
import { BrandMark } from './brand-mark.tsx'

export function SiteFooter({ site }: { site: PublicConfig }) {
	const social = [
		{ label: 'X', href: site.social.x },
		{ label: 'LinkedIn', href: site.social.linkedin },
		{ label: 'TikTok', href: site.social.tiktok },
	]
	return (
		<footer id="site-footer" className="border-t border-slate-200 bg-slate-50">
			<div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
				<div>
					<p className="flex items-center gap-2 font-semibold text-slate-900">
						<BrandMark />
						{site.brandName}
					</p>
					<p className="mt-3 text-sm text-slate-600">{footerCopy.tagline}</p>
					<ul className="mt-4 flex gap-3" aria-label="Social profiles">
						{social.map((profile) => (
							<li key={profile.label}>
								<a
									href={profile.href}
									target="_blank"
									rel="noopener noreferrer"
									className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline"
								>
									{profile.label}
									<span className="sr-only"> (opens in a new tab)</span>
								</a>
							</li>
						))}
					</ul>
				</div>
				{footerGroups.map((group) => (
					<nav key={group.heading} aria-label={group.heading}>
						<h2 className="text-sm font-semibold text-slate-900">{group.heading}</h2>
						<ul className="mt-3 space-y-2">
							{group.links.map((link) => (
								<li key={link.to}>
									<Link
										to={link.to}
										className="text-sm text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline"
									>
										{link.label}
									</Link>
								</li>
							))}
						</ul>
					</nav>
				))}
			</div>
			<div className="border-t border-slate-200">
				<div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
					<p>
						© {new Date().getUTCFullYear()} {site.brandName}. All rights reserved.
					</p>
					<p className="flex items-center gap-2">
						<span className="inline-block h-2 w-2 rounded-full bg-emerald-600" aria-hidden="true" />
						{footerCopy.status}
					</p>
				</div>
			</div>
		</footer>
	)
}
