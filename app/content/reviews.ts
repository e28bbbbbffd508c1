/** Copy of /reviews and the home page's reviews area. */
export const reviewsCopy = {
	heading: 'What Domain Rebels Are Saying',
	lead: 'Hundreds of investors use the platform to turn parked names into visible, verified assets. Here is what they say, unfiltered.',
	widgetId: 'reviews-widget',
	noScript: 'Please enable JavaScript to view customer reviews.',
	loading: 'Loading reviews…',
	unavailable: 'Reviews cannot be shown right now.',
	providerLink: 'Read our reviews on the review platform',
	/** /reviews when no reviews widget is configured: nothing to wait for, so the page invites questions instead. */
	withoutWidget: {
		lead: 'Hundreds of investors use the platform to turn parked names into visible, verified assets.',
		text: 'Want to know how it would work for your portfolio? Ask us and a real person on the team will answer.',
		contact: 'Ask the team',
	},
	teaser: {
		heading: 'Trusted by hundreds of investors',
		lead: 'Hundreds of investors already turn parked names into assets. Here is what they say.',
		/** The lead when no reviews widget is configured, so it promises no reviews underneath. */
		leadWithoutWidget: 'Hundreds of investors already turn parked names into visible, verified assets.',
		allReviews: 'Read all reviews',
	},
	cta: {
		heading: 'Ready to Join the Revolution?',
		text: 'Start with the free portfolio dashboard. No credit card required.',
		startTrial: 'Start Free Trial',
		viewPricing: 'View Pricing',
	},
} as const
