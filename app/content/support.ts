/** Copy of /support. */
export const supportCopy = {
	heading: 'Help Center',
	lead: 'Guides and answers for importing, launching, verifying and warming your domains.',
	widgetLabel: 'Help center articles',
	widgetId: 'help-center-widget',
	noScript: 'Please enable JavaScript to browse the help center articles.',
	loading: 'Loading help articles…',
	unavailable: 'The help center cannot be shown right now. Our team is happy to answer your question directly.',
	/** The lead when no help center widget is configured: the team answers instead of articles. */
	leadWithoutWidget:
		'Questions about importing, launching, verifying or warming your domains? Our team answers every one, usually within 24 hours.',
	contact: {
		heading: 'Still need help?',
		text: 'Our team usually replies within 24 hours.',
		cta: 'Contact Support',
	},
} as const
