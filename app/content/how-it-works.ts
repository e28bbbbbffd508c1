/** Copy of /how-it-works. */
export const howItWorksCopy = {
	hero: {
		eyebrow: 'The four-layer system',
		heading: 'How It Works',
		lead: 'Most portfolios sit on parking pages for years. We turn each name into a visible, verified, discoverable asset in four layers, at your pace, one domain or hundreds at a time.',
		seeSteps: 'See the steps',
	},
	steps: {
		id: 'videos',
		heading: 'See how it works',
		lead: 'From a spreadsheet of names to a warmed portfolio that buyers and AI can find.',
		items: [
			{
				title: 'Import',
				text: 'Upload a CSV from any registrar. Every domain, expiry date and renewal lands in one dashboard.',
			},
			{
				title: 'Launch',
				text: 'Pick a theme and a status (Building, Open or Selling) and replace the parking page in minutes.',
			},
			{ title: 'Verify', text: 'Connect matching LinkedIn and Twitter/X accounts so buyers see verified ownership.' },
			{
				title: 'Warm',
				text: 'Idea stories, social posts and backlinks build search and AI visibility month after month.',
			},
		],
	},
	layers: {
		heading: 'The four-layer system',
		lead: 'Start free with Manage. Add the next layer whenever a domain deserves it.',
		applyForBeta: 'Apply for Beta Access',
		viewPricing: 'View Pricing Plans',
	},
	faqHeading: 'Frequently asked questions',
	strategyCall: {
		heading: 'Not sure where to start?',
		text: 'Book a free strategy call and we will look at your portfolio with you: which names to launch, verify and warm first.',
		cta: 'Book a Strategy Call',
	},
} as const
