/** Copy of /roadmap. */
export const roadmapCopy = {
	heading: 'Our Product Roadmap',
	lead: 'We build in the open. See what is planned, what is in progress and what just shipped, and tell us what to build next.',
	tiles: [
		{ title: 'Vote on Features', text: 'Upvote the ideas that matter most to your portfolio.' },
		{ title: 'Track Progress', text: 'Follow features from planned to in progress to shipped.' },
		{ title: 'Community Driven', text: 'Domain investors set our priorities, not a boardroom.' },
		{ title: 'Submit Ideas', text: 'Missing something? Post your idea and rally support.' },
	],
	boardHeading: 'Roadmap and feedback board',
	frameTitle: 'Product roadmap and feedback board',
	/** In place of the board when none is configured: ideas reach us through the contact page. */
	withoutBoard: {
		heading: 'What should we build next?',
		text: 'Tell us the feature your portfolio is missing. Every idea reaches the people who build the platform.',
	},
	contactUs: 'Send us your idea',
	infoCards: [
		{
			title: 'Submit feature requests',
			text: 'Describe the problem you want solved. Clear, specific requests are the easiest to build.',
		},
		{ title: 'Vote and prioritise', text: 'Votes decide what we build first. Add yours to the ideas you need.' },
		{ title: 'Track development', text: 'Each idea shows its status, so you always know when it ships.' },
	],
	fullRoadmap: 'Open the full roadmap',
} as const
