import { LEGAL_UPDATED } from './legal.ts'
import { pagePaths } from './page-paths.ts'

/** Every static page of the site: its path, title, description and whether search engines may index it. */
export type PageEntry = {
	path: string
	title: string
	description: string
	/** false puts `noindex,nofollow` on the page and keeps it out of the sitemap. */
	indexable: boolean
	/** Shown in the header navigation. */
	nav?: string
	/** The day the page's text last changed (ISO 8601), for its Markdown version's front matter. */
	updated: string
}

export const pages = {
	home: {
		path: pagePaths.home,
		title: 'From Parked to Profitable: Turn Parked Domains into Digital Assets',
		description:
			'Manage, launch, verify and warm your domain portfolio. Replace parking pages with indexed sites, verified social handles and real inquiries. Free portfolio dashboard.',
		indexable: true,
		updated: '2026-11-27',
	},
	howItWorks: {
		path: pagePaths.howItWorks,
		title: 'How It Works: The Four-Layer System for Domain Investors',
		description:
			'See how Manage, Launch, Verify and Warm turn a parked portfolio into visible, verified, discoverable domains that attract buyers. Apply for the Warming beta.',
		indexable: true,
		nav: 'How It Works',
		updated: '2026-11-27',
	},
	pricing: {
		path: pagePaths.pricing,
		title: 'Pricing: Plans for Every Domain Portfolio',
		description:
			'Free portfolio dashboard, then Starter, Pro, Builder and Collector plans for launched and warmed domains. Save 14% annually, 50% off during the Warming beta.',
		indexable: true,
		nav: 'Pricing',
		updated: '2026-11-27',
	},
	strategyCallBooked: {
		path: pagePaths.strategyCallBooked,
		title: 'Strategy Call Booked',
		description: 'Your domain strategy call is booked. Here is what happens next and how to prepare.',
		indexable: false,
		updated: '2026-11-27',
	},
	privacy: {
		path: pagePaths.privacy,
		title: 'Privacy Policy',
		description: 'How we collect, use, keep and protect your data. We never sell or share it.',
		indexable: true,
		updated: LEGAL_UPDATED,
	},
	terms: {
		path: pagePaths.terms,
		title: 'Terms of Service',
		description: 'The terms that govern your use of our domain portfolio platform and website.',
		indexable: true,
		updated: LEGAL_UPDATED,
	},
	cookies: {
		path: pagePaths.cookies,
		title: 'Cookie Policy',
		description: 'Which cookies this website sets, why, and how to control them.',
		indexable: true,
		updated: LEGAL_UPDATED,
	},
	communityInterest: {
		path: pagePaths.communityInterest,
		title: 'Domains Anonymous: Join the Community Waitlist',
		description:
			'Domains Anonymous is a coming community for domain investors who build instead of park. Join the waitlist and be first in when it opens.',
		indexable: true,
		nav: 'Community',
		updated: '2026-11-27',
	},
	contact: {
		path: pagePaths.contact,
		title: 'Contact Us',
		description:
			'Questions about your portfolio, pricing or the beta? Send us a message; we usually reply within 24 hours.',
		indexable: true,
		updated: '2026-11-27',
	},
	support: {
		path: pagePaths.support,
		title: 'Help Center',
		description: 'Guides and answers for importing, launching, verifying and warming your domains.',
		indexable: true,
		updated: '2026-11-27',
	},
	blog: {
		path: pagePaths.blog,
		title: 'Blog: Domain Investing, Development and Discovery',
		description:
			'Practical guides for domain investors: developed sites versus parking, expiry tracking, social verification, search and answer-engine optimisation, selling to end users.',
		indexable: true,
		nav: 'Blog',
		updated: '2026-11-27',
	},
	roadmap: {
		path: pagePaths.roadmap,
		title: 'Product Roadmap',
		description: 'See what we are building next, vote on features, track progress and submit your ideas.',
		indexable: true,
		nav: 'Roadmap',
		updated: '2026-11-27',
	},
	reviews: {
		path: pagePaths.reviews,
		title: 'Reviews: What Domain Rebels Are Saying',
		description: 'Read what hundreds of domain investors say about turning their parked domains into digital assets.',
		indexable: true,
		nav: 'Reviews',
		updated: '2026-11-27',
	},
} as const satisfies Record<string, PageEntry>

export type PageKey = keyof typeof pages

/** Pages built to static HTML at build time; the rest render per request. */
export const prerenderedPaths: string[] = Object.values(pages)
	.map((page) => page.path)
	.filter((path) => path !== '/blog')
