/** Copy of newsletter sends: the email a post becomes, the console's send page and its reports. */

/** How many newsletter emails may leave per minute unless NEWSLETTER_RATE_PER_MINUTE says otherwise. */
export const NEWSLETTER_RATE_PER_MINUTE = 600

/** How many recipients' messages are written per transaction when a send is queued. */
export const SEND_QUEUE_BATCH = 2_000

/** Recipients listed per page of a send's report. */
export const SEND_RECIPIENTS_PAGE = 50

export const issueEmailCopy = {
	readOnSite: 'Read on the site',
	webVersion: 'Trouble reading this email? Read it on the site:',
	why: (brand: string) => `You receive this email because you subscribed to the ${brand} newsletter.`,
	unsubscribe: 'Unsubscribe',
	unsubscribeText: 'Unsubscribe with one click:',
	testPrefix: '[Test] ',
}

/** Each recipient's state in a send, as its report names it. */
export type RecipientStatus = 'pending' | 'delivered' | 'failed' | 'bounced' | 'skipped'

export type SendStatus = 'queueing' | 'sending' | 'paused' | 'finished'

export const newsletterSendsCopy = {
	title: 'Newsletter',
	heading: 'Newsletter',
	intro: 'Every post emailed to the subscribers, newest first. Emails carry no open or click tracking.',
	none: 'No post has been emailed yet. Open a published post and choose Email subscribers.',
	columns: {
		post: 'Post',
		started: 'Started',
		status: 'Status',
		recipients: 'Recipients',
		delivered: 'Delivered',
		failed: 'Failed',
		bounced: 'Bounced',
		unsubscribed: 'Unsubscribed since',
	},
	deletedPost: 'A deleted post',
	statuses: {
		queueing: 'Preparing',
		sending: 'Sending',
		paused: 'Paused',
		finished: 'Finished',
	} satisfies Record<SendStatus, string>,
	recipientStatuses: {
		pending: 'Waiting',
		delivered: 'Delivered',
		failed: 'Failed',
		bounced: 'Bounced',
		skipped: 'Not sent',
	} satisfies Record<RecipientStatus, string>,
	progress: (done: number, total: number) =>
		`${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} handled`,
	report: {
		title: (title: string) => `Newsletter send: ${title}`,
		back: 'All sends',
		pause: 'Pause sending',
		resume: 'Resume sending',
		paused: 'Sending is paused. Nothing more goes out until you resume.',
		resumed: 'Sending resumed.',
		unchanged: 'The send has moved on since this page was shown: it cannot be paused or resumed now.',
		notFound: 'There is no such send.',
		recipients: 'Recipients',
		search: 'Find a recipient by email',
		searchButton: 'Find',
		email: 'Email',
		status: 'Status',
		sentAt: 'Sent',
		detail: 'Detail',
		noRecipients: 'No recipient matches.',
		older: 'More recipients',
		refresh: 'This page refreshes every few seconds while the send runs.',
		reload: 'Reload this page to see how far the send has come.',
		postLink: 'Open the post',
	},
	email: {
		title: (title: string) => `Email subscribers: ${title}`,
		heading: 'Email this post to subscribers',
		intro:
			'Subscribers receive the post as an email: its title as the subject, the body, the featured image, a link to read it on the site and an unsubscribe link.',
		notPublished: 'Only a published post can be emailed. Publish it first.',
		alreadySent: 'This post was emailed to subscribers already; each post is sent once.',
		viewReport: 'See the report',
		preview: 'Preview',
		openPreview: 'Open the email as subscribers will see it (new tab)',
		textVersion: 'Plain-text part',
		test: 'Send a test to me',
		testHint: (email: string) => `A test goes to ${email} only, with “[Test]” before the subject.`,
		testSent: (email: string) => `A test email is on its way to ${email}.`,
		send: (count: number) => `Email ${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`,
		question: (count: number, title: string) =>
			`Send “${title}” to ${count.toLocaleString('en-US')} confirmed ${count === 1 ? 'subscriber' : 'subscribers'} now? This cannot be undone.`,
		confirm: 'Yes, send it',
		confirmFirst: 'Nothing was sent: confirm the send with “Yes, send it”.',
		noRecipients: 'No confirmed subscriber yet: there is nobody to send to.',
		postalMissing: 'Set POSTAL_ADDRESS: the footer of each email carries the sender’s postal address.',
		sendingOff: 'Sending is off (SMTP_URL is not set): emails cannot be sent.',
	},
	editor: {
		publishAndEmail: 'Publish and email subscribers',
		emailSubscribers: 'Email subscribers',
		emailed: 'Emailed to subscribers',
	},
} as const
