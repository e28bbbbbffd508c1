export type Faq = { question: string; answer: string }

/** /how-it-works: six questions, the first open by default. */
export const howItWorksFaqs: Faq[] = [
	{
		question: 'Do I need to move my domains to a new registrar?',
		answer:
			'No. Your domains stay where they are. Import a CSV export from any registrar and the dashboard tracks every name in one place; you only point DNS at us for the domains you launch.',
	},
	{
		question: 'What happens to my parking income when I launch a domain?',
		answer:
			'A launched domain replaces its parking page with a professional site. Most parked names earn next to nothing, while a real site builds visibility, inquiries and search presence. You choose which domains to launch and can switch back at any time.',
	},
	{
		question: 'How does social verification work?',
		answer:
			'On the Pro plan you connect LinkedIn and Twitter/X through OAuth, so buyers see verified handles that match the domain and new content can be posted automatically. Facebook and Pinterest show verification badges.',
	},
	{
		question: 'What does warming a domain mean?',
		answer:
			'Warming gives a domain a story and a steady stream of activity: AI-generated idea stories and content, automated social posts and backlink building, so search engines, answer engines and AI models start to notice the name.',
	},
	{
		question: 'Is the Warming layer ready?',
		answer:
			'Warming is in beta at 50% off until launch. Beta users keep 50% off for 12 months after launch. Apply for beta access to join.',
	},
	{
		question: 'Can I start for free?',
		answer:
			'Yes. The portfolio dashboard is free forever: import your domains, track expirations and monitor value without a credit card. Upgrade when you want to launch, verify or warm.',
	},
]

/** /pricing: four questions, one open at a time. */
export const pricingFaqs: Faq[] = [
	{
		question: 'Can I change plans later?',
		answer:
			'Yes. Upgrade or downgrade at any time. If you downgrade, warmed domains above the new limit go into maintenance mode but stay accessible.',
	},
	{
		question: 'What payment methods do you accept?',
		answer: 'Cards and PayPal on every paid plan, ACH for annual plans and invoices for enterprise customers.',
	},
	{
		question: 'Is there a money-back guarantee?',
		answer:
			'Yes. Every paid plan comes with a 30-day money-back guarantee. If the platform is not right for you, ask within 30 days of your first payment.',
	},
	{
		question: 'How does the beta discount work?',
		answer:
			'While Warming is in beta, paid plans are 50% off. Accepted beta users keep 50% off for 12 months after launch.',
	},
]
