/** Copy of /Strategy_Call_Booked. */
export const strategyCallCopy = {
	heading: 'Your Strategy Call Is Booked',
	lead: 'Thank you! A calendar invitation with the meeting link is on its way to your inbox.',
	nextStepsHeading: 'Next steps',
	nextSteps: [
		{ title: 'Check your inbox', text: 'Confirm the calendar invitation so the call lands in your calendar.' },
		{
			title: 'Import your portfolio',
			text: 'Import your domains for free before the call, so we can look at your real portfolio together.',
		},
		{
			title: 'Pick your top names',
			text: 'Note the three to five domains you believe in most. We will plan how to launch, verify and warm them.',
		},
	],
	importFree: 'Import Your Portfolio Free',
	learnHow: 'Learn how it works',
} as const
