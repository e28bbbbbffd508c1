import { submissionMessages } from './lead-forms.ts'

/** Copy of the community waitlist form and the page around it. */
export const waitlistCopy = {
	labels: { name: 'Name', email: 'Email' },
	submit: 'Join the Waitlist',
	submitting: 'Joining...',
	success: "You're on the list! We'll notify you when Domains Anonymous launches.",
	failure: submissionMessages.unexpected,
	source: 'community-interest-page',
} as const

export const communityPageCopy = {
	eyebrow: 'Coming soon',
	heading: 'Domains Anonymous',
	tagline: 'Hi, my name is ___, and I have too many parked domains.',
	intro:
		'Domains Anonymous is a community for domain investors who are ready to stop parking and start building. Share wins, trade playbooks and get honest feedback on the ideas behind your names.',
	benefitsHeading: 'What you get',
	benefits: [
		{
			title: 'Accountability',
			text: 'Monthly build challenges that turn one parked domain at a time into a live project.',
		},
		{
			title: 'Peer feedback',
			text: 'Portfolio reviews from investors who have sold to end users, not just to other investors.',
		},
		{
			title: 'Playbooks',
			text: 'What actually gets a domain indexed, verified and in front of buyers, from people who did it.',
		},
		{ title: 'Early access', text: 'First look at new features, member-only sessions and beta seats.' },
	],
	formHeading: 'Join the waitlist',
	formText: 'Be first in when the doors open. We will only email you about the community launch.',
} as const
