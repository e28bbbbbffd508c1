/** Copy of the home page; quoted spec text is word for word. */

export const heroCopy = {
	eyebrow: '500+ domains already warming',
	headline: 'From Parked to Profitable',
	lead: 'Turn parked domains into visible, verified, growing digital assets. Manage the whole portfolio, launch real sites, verify social handles and warm your best names until buyers find them.',
	startTrial: 'Start Free Trial',
	promises: ['No credit card required', 'Cancel anytime', '30-day money-back guarantee'],
	layersLabel: 'The four layers',
} as const

export const importHeroCopy = {
	importPortfolio: 'Import Your Portfolio Free',
	seeHowItWorks: 'See How It Works',
	/** The image is decorative to the page's meaning but carries a description for screen readers. */
	previewAlt:
		'Preview of the portfolio dashboard: domain list with status, expiry dates, estimated value and warming progress',
	previewSrc: '/dashboard-preview.svg',
	previewWidth: 960,
	previewHeight: 600,
} as const

export type Benefit = { title: string; text: string }

export const benefitsCopy = {
	heading: "Domains alone don't grow. Digital value does.",
	lead: 'A parked domain waits. A developed one builds visibility, trust and demand every day you hold it.',
	benefits: [
		{
			title: 'Visibility',
			text: 'Get indexed by search engines so your vision does not vanish on a parking page.',
		},
		{
			title: 'Verification',
			text: 'Secure the matching social handles and show verified ownership to every visitor.',
		},
		{
			title: 'Discoverability',
			text: 'Search, answer-engine and generative-engine optimisation reach people and AI alike.',
		},
		{
			title: 'Inquiries',
			text: 'Give buyers and collaborators a direct way to reach you, not a marketplace middleman.',
		},
	] satisfies Benefit[],
} as const

export type Problem = { stat: string; title: string; text: string }

export const problemsCopy = {
	heading: 'Why 90% of Domains Die Worthless',
	lead: 'Every year $127B of domain value is lost to names that nobody ever sees. The average hold time is 7.2 years, long enough to build something, yet most portfolios sit still.',
	problems: [
		{
			stat: '94%',
			title: 'Parked domains never sell',
			text: '94% of parked domains never sell. A parking page gives a buyer no reason to believe in the name.',
		},
		{
			stat: '0.03%',
			title: 'Parking pages stay invisible',
			text: 'Only 0.03% of parked domains get organic traffic. Search engines skip pages with nothing on them.',
		},
		{
			stat: '85%',
			title: 'Buyers check social presence',
			text: '85% of buyers check social presence before they make an offer. Unclaimed handles cost you trust, and price.',
		},
		{
			stat: '3.7',
			title: 'Portfolios are scattered',
			text: 'The average investor uses 3.7 registrars. Expiry dates, renewals and transfers slip through the gaps.',
		},
	] satisfies Problem[],
} as const

export const graphSectionCopy = {
	heading: 'Watch value connect',
	lead: 'Warmed domains do not stand alone. Backlinks tie them to each other and verified social profiles carry their reach.',
	points: [
		{
			title: 'Backlinks that count',
			text: 'Each warmed domain links to related ideas in your portfolio, building authority.',
		},
		{
			title: 'Social reach',
			text: 'Verified handles on Twitter/X, LinkedIn and Facebook bring followers to your names.',
		},
		{ title: 'One network', text: 'See how your portfolio grows as one connected asset instead of isolated names.' },
	],
} as const

export type TeaserPlan = { name: string; price: string; period: string; detail: string; badge?: string }

export const closingCtaCopy = {
	heading: 'Start Building Digital Value Now',
	tagline: 'Built by idea-driven entrepreneurs, for idea-driven entrepreneurs.',
	teaserLabel: 'Plans at a glance',
	plans: [
		{ name: 'Free', price: '$0', period: '', detail: 'Portfolio dashboard' },
		{ name: 'Pro', price: '$79', period: '/month', detail: '10 warmed domains', badge: 'Most popular' },
		{ name: 'Collector', price: '$299', period: '/month', detail: '75 warmed domains', badge: 'Enterprise' },
	] satisfies TeaserPlan[],
	seeAllPlans: 'Compare all plans',
	register: 'Register Free',
	bookDemo: 'Book a Demo',
	promises: ['No credit card required', 'Cancel anytime', '30-day money-back guarantee'],
} as const

export const newTabHint = '(opens in a new tab)'
