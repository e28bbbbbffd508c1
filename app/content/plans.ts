/** Plans and pricing constants of spec section 9 (USD; annual prices are per month, billed yearly). */
export type Plan = {
	id: 'free' | 'starter' | 'pro' | 'builder' | 'collector'
	name: string
	monthlyPrice: number
	annualPrice: number
	description: string
	launchedDomains: number
	/** Not shown for Free in the spec's plan table. */
	warmedDomains: number | null
	seats: number
	features: string[]
	warmingBeta: boolean
	popular: boolean
	cta: string
}

export const plans: Plan[] = [
	{
		id: 'free',
		name: 'Free',
		monthlyPrice: 0,
		annualPrice: 0,
		description: 'Your whole portfolio in one dashboard, free forever.',
		launchedDomains: 1,
		warmedDomains: null,
		seats: 1,
		features: ['Portfolio dashboard', 'CSV import from any registrar', 'Expiration tracking and alerts'],
		warmingBeta: false,
		popular: false,
		cta: 'Start Free',
	},
	{
		id: 'starter',
		name: 'Starter',
		monthlyPrice: 29,
		annualPrice: 25,
		description: 'Launch your first sites and start warming your best names.',
		launchedDomains: 10,
		warmedDomains: 3,
		seats: 1,
		features: [
			'Everything in Free',
			'Professional sites with themes',
			'Contact forms and inquiries',
			'SEO-ready pages',
		],
		warmingBeta: true,
		popular: false,
		cta: 'Start Free Trial',
	},
	{
		id: 'pro',
		name: 'Pro',
		monthlyPrice: 79,
		annualPrice: 67,
		description: 'Verify social handles and warm a serious slice of your portfolio.',
		launchedDomains: 35,
		warmedDomains: 10,
		seats: 3,
		features: [
			'Everything in Starter',
			'OAuth verification for LinkedIn and Twitter/X',
			'Verification badges',
			'Automated social posts',
		],
		warmingBeta: true,
		popular: true,
		cta: 'Start Free Trial',
	},
	{
		id: 'builder',
		name: 'Builder',
		monthlyPrice: 149,
		annualPrice: 129,
		description: 'For active builders turning many names into real projects.',
		launchedDomains: 100,
		warmedDomains: 35,
		seats: 5,
		features: ['Everything in Pro', 'AI-generated idea stories', 'Backlink building', 'Custom branding'],
		warmingBeta: true,
		popular: false,
		cta: 'Start Free Trial',
	},
	{
		id: 'collector',
		name: 'Collector',
		monthlyPrice: 299,
		annualPrice: 259,
		description: 'For large portfolios and teams that warm at scale.',
		launchedDomains: 200,
		warmedDomains: 75,
		seats: 10,
		features: ['Everything in Builder', 'Priority support', 'Invoice billing available'],
		warmingBeta: true,
		popular: false,
		cta: 'Start Free Trial',
	},
]

export type BillingPeriod = 'annual' | 'monthly'

export const pricingCopy = {
	heading: 'Simple pricing for every portfolio',
	lead: 'Start free with the portfolio dashboard. Upgrade when you are ready to launch, verify and warm.',
	banner: {
		title: 'Pre-launch pricing',
		text: 'Warming is in beta: paid plans are 50% off until out of Warming beta, and beta users keep 50% off for 12 months after launch.',
	},
	plansHeading: 'Plans',
	billingLegend: 'Billing period',
	billingOptions: { annual: 'Annual', monthly: 'Monthly' } satisfies Record<BillingPeriod, string>,
	annualBadge: 'Save 14%',
	betaBadge: '50% off until out of Warming beta',
	popularBadge: 'Most popular',
	perMonth: '/month',
	billedAnnually: (yearly: string) => `${yearly} billed yearly`,
	billedMonthly: 'Billed monthly',
	freeForever: 'Free forever',
	launched: (n: number) => `${n} launched ${n === 1 ? 'domain' : 'domains'}`,
	warmed: (n: number) => `${n} warmed ${n === 1 ? 'domain' : 'domains'}`,
	seats: (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`,
	assurances: [
		'30-day money-back guarantee on paid plans',
		'Payments: cards, PayPal, ACH for annual plans, invoice for enterprise',
		'Beta users keep 50% off for 12 months after launch',
		'No credit card required for Free. Cancel anytime.',
	],
	beta: {
		heading: 'Become a Beta User',
		text: 'Join the Warming beta: shape the product with us, get early access to new layers and keep 50% off for 12 months after launch.',
		apply: 'Apply for Beta Access',
	},
	faqHeading: 'Pricing questions',
} as const
