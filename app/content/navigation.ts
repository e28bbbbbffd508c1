import { pagePaths } from './page-paths.ts'

export type NavLinkEntry = { label: string; to: string }

/** Header links, in order. */
export const headerLinks: NavLinkEntry[] = [
	{ label: 'How It Works', to: pagePaths.howItWorks },
	{ label: 'Pricing', to: pagePaths.pricing },
	{ label: 'Reviews', to: pagePaths.reviews },
	{ label: 'Blog', to: pagePaths.blog },
	{ label: 'Roadmap', to: pagePaths.roadmap },
	{ label: 'Community', to: pagePaths.communityInterest },
]

/** The phone menu button's name, by what pressing it does. */
export const menuLabels = { open: 'Open menu', close: 'Close menu' } as const

/** Footer link groups: every in-app page of the spec. */
export const footerGroups: { heading: string; links: NavLinkEntry[] }[] = [
	{
		heading: 'Product',
		links: [
			{ label: 'How It Works', to: pagePaths.howItWorks },
			{ label: 'Pricing', to: pagePaths.pricing },
			{ label: 'Reviews', to: pagePaths.reviews },
			{ label: 'Roadmap', to: pagePaths.roadmap },
		],
	},
	{
		heading: 'Resources',
		links: [
			{ label: 'Blog', to: pagePaths.blog },
			{ label: 'Help Center', to: pagePaths.support },
			{ label: 'Domains Anonymous', to: pagePaths.communityInterest },
			{ label: 'Contact', to: pagePaths.contact },
		],
	},
	{
		heading: 'Legal',
		links: [
			{ label: 'Privacy Policy', to: pagePaths.privacy },
			{ label: 'Terms of Service', to: pagePaths.terms },
			{ label: 'Cookie Policy', to: pagePaths.cookies },
		],
	},
]

export const footerCopy = {
	tagline: 'Built by idea-driven entrepreneurs, for idea-driven entrepreneurs.',
	status: 'All systems operational',
} as const
