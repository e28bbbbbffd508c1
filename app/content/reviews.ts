/** Copy of /reviews and the home page's reviews area. */
export const reviewsCopy = {
	heading: 'What Domain Rebels Are Saying',
	lead: 'Hundreds of investors use the platform to turn parked names into visible, verified assets. Here is what they say, unfiltered.',
	widgetId: 'reviews-widget',
	noScript: 'Please enable JavaScript to view customer reviews.',
	loading: 'Loading reviews…',
	unavailable: 'Reviews cannot be shown right now.',
	providerLink: 'Read our reviews on the review platform',
	teaser: {
		heading: 'Trusted by hundreds of investors',
		lead: 'Hundreds of investors already turn parked names into assets. Here is what they say.',
		allReviews: 'Read all reviews',
	},
	cta: {
		heading: 'Ready to Join the Revolution?',
		text: 'Start with the free portfolio dashboard. No credit card required.',
		startTrial: 'Start Free Trial',
		viewPricing: 'View Pricing',
	},
} as const
