import { submissionMessages } from './lead-forms.ts'
import { pagePaths } from './page-paths.ts'

/** Copy of the contact form and the page around it. */
export const contactFormCopy = {
	labels: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' },
	submit: 'Send Message',
	submitting: 'Sending...',
	success: "Message sent successfully! We'll get back to you soon.",
	failure: 'Failed to send message. Please try again.',
	exception: submissionMessages.unexpected,
} as const

export const contactPageCopy = {
	heading: 'Get in Touch',
	intro:
		'Questions about your portfolio, pricing, the Warming beta or a partnership? Send us a message and a real person on the team will answer.',
	formHeading: 'Send us a message',
	emailHeading: 'Email us',
	emailText: 'Prefer your own mail app? Write to us directly.',
	responseHeading: 'Response time',
	responseText: 'We usually reply within 24 hours, Monday to Friday.',
	topicsHeading: 'Common topics',
	topics: [
		{ title: 'Importing your portfolio', text: 'CSV imports from any registrar, expiry alerts and value tracking.' },
		{ title: 'Plans and billing', text: 'Choosing a plan, annual savings, upgrades, downgrades and refunds.' },
		{ title: 'Launching and verifying', text: 'Sites that replace parking pages, themes and social verification.' },
		{ title: 'Partnerships and press', text: 'Registrars, marketplaces, communities and media requests.' },
	],
	betaTopic: {
		title: 'The Warming beta',
		text: 'Warm your best domains with AI idea stories, social posts and backlinks at 50% off until launch.',
	},
	faqHeading: 'Frequently asked questions',
	faqs: [
		{
			question: 'How quickly will I hear back?',
			answer: 'We usually reply within 24 hours on business days. Beta applications are reviewed within 24 hours too.',
		},
		{
			question: 'Can I try it before I pay?',
			answer:
				'Yes. The Manage layer, your portfolio dashboard, is free forever and needs no credit card. The Free plan also launches and warms up to 1 domain.',
		},
		{
			question: 'Do you sell or share my data?',
			answer:
				'Never. Your data is encrypted, and we do not sell or share it. Our privacy policy says how long we keep what.',
			link: { label: 'Read the Privacy Policy', to: pagePaths.privacy },
		},
	],
} as const
