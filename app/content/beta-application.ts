import type { RoutePath } from './page-paths.ts'

/** Copy of the beta application: dialog, page and messages. */
export const betaCopy = {
	triggerLabel: 'Apply for Beta Access',
	title: 'Apply for the Warming Beta',
	description:
		'Join the investors testing Warm, the premium layer: AI-generated idea stories, automated social posts and backlink building, at 50% off until launch.',
	labels: {
		full_name: 'Full name',
		email: 'Email',
		company_name: 'Company name (optional)',
		domain_count: 'How many domains do you own?',
		current_solution: 'What do you use today? (optional)',
		why_interested: 'Why are you interested in the beta?',
	},
	submit: 'Submit Application',
	submitting: 'Submitting...',
	cancel: 'Cancel',
	successTitle: 'Application Received!',
	successNote: "Thanks for applying. We'll review your application and get back to you within 24 hours.",
	failure: 'Failed to submit application. Please try again.',
	page: {
		path: '/beta-application' satisfies RoutePath,
		title: 'Apply for the Warming Beta',
		description:
			'Apply for beta access to Warm: AI idea stories, automated social posts and backlinks for your domains.',
		backLink: 'Back to How It Works',
	},
} as const
