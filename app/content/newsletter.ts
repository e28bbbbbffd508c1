import type { RoutePath } from './page-paths.ts'

/** Copy of the newsletter form, its pages and its emails. */
/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7

/** Unconfirmed sign-ups are deleted after this many days, with nothing else kept. */
export const UNCONFIRMED_KEPT_DAYS = 30

export const newsletterCopy = {
	heading: 'Newsletter',
	intro: 'Practical domain investing tips, twice a month. No spam; unsubscribe anytime.',
	labels: { email: 'Email address', name: 'Name (optional)' },
	submit: 'Subscribe',
	submitting: 'Subscribing...',
	success: 'Thank you for subscribing! Check your email for confirmation.',
	resubscribed: "Welcome back! You've been resubscribed to our newsletter.",
	alreadySubscribed: "You're already subscribed to our newsletter!",
	failure: 'Something went wrong. Please try again.',
	defaultSource: 'blog_sidebar',
	page: {
		path: '/newsletter' satisfies RoutePath,
		title: 'Newsletter Signup',
		description: 'Subscribe to practical domain investing tips, twice a month.',
		backLink: 'Back to the blog',
	},
	confirmation: {
		subject: (brand: string) => `Confirm your subscription to the ${brand} newsletter`,
		body: (brand: string, confirmUrl: string, unsubscribeUrl: string) =>
			[
				`Thank you for subscribing to the ${brand} newsletter!`,
				'',
				`Please confirm that this is your address: ${confirmUrl}`,
				'',
				`The link works for ${CONFIRMATION_DAYS} days. If you did not sign up, ignore this email: you will get nothing more from us.`,
				'',
				'Twice a month you will get practical tips on turning parked domains into visible, verified, growing digital assets.',
				'',
				`Not for you? Unsubscribe with one click: ${unsubscribeUrl}`,
			].join('\n'),
	},
	confirm: {
		path: '/newsletter/confirm' satisfies RoutePath,
		title: 'Confirm your Newsletter Subscription',
		description: 'Confirm your newsletter subscription.',
		confirmHeading: 'Confirm your subscription',
		confirmText: 'One click and the newsletter comes to this address, twice a month.',
		confirmButton: 'Confirm my subscription',
		doneHeading: 'Your subscription is confirmed',
		doneText: 'Thank you! The next newsletter will reach you. Every email has a one-click unsubscribe link.',
		invalidHeading: 'This confirmation link is not valid',
		invalidText: `The link is broken, was replaced by a newer one, or is more than ${CONFIRMATION_DAYS} days old. Subscribe again on the blog and we will send you a new one.`,
	},
	unsubscribe: {
		path: '/newsletter/unsubscribe' satisfies RoutePath,
		title: 'Unsubscribe from the Newsletter',
		description: 'Stop receiving our newsletter.',
		confirmHeading: 'Unsubscribe from our newsletter?',
		confirmText: 'You will stop receiving our newsletter emails. You can subscribe again anytime.',
		confirmButton: 'Unsubscribe',
		doneHeading: "You've been unsubscribed",
		doneText: 'You will not receive our newsletter anymore. Changed your mind? Subscribe again on the blog.',
		resubscribeButton: 'Resubscribe',
		resubscribedHeading: "You're subscribed again",
		resubscribedText: 'Welcome back! The next newsletter will reach you. Every email has a one-click unsubscribe link.',
		invalidHeading: 'This unsubscribe link is not valid',
		invalidText:
			'The link is broken or incomplete. Please open the unsubscribe link from your newsletter email again, or contact us and we will remove you.',
	},
} as const
