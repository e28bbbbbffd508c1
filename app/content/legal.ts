import { pagePaths } from './page-paths.ts'

/** Legal texts: privacy policy, terms of service (27 sections) and cookie policy, with the constants of spec section 9. */
export type LegalLink = { label: string; to: string }

export type LegalSection = {
	id: string
	title: string
	paragraphs: string[]
	list?: string[]
	links?: LegalLink[]
}

export type LegalDocument = {
	title: string
	lastUpdated: string
	intro: string[]
	sections: LegalSection[]
}

/** Brand name and contact address come from the site configuration. */
export type LegalContext = { brandName: string; contactEmail: string }

export const LEGAL_LAST_UPDATED = 'September 2025'
/** The same day as ISO 8601, for machines (the Markdown versions' front matter). */
export const LEGAL_UPDATED = '2025-09-01'

export const legalConstants = {
	accountRetentionYearsAfterClosure: 3,
	communicationLogRetentionYears: 2,
	minimumAge: 13,
	dnsUpdateDaysAfterRemoval: 30,
	analyticsRetentionDays: 90,
	priceChangeNoticeDays: 30,
	liabilityCapMonths: 6,
	arbitrationOptOutDays: 30,
	moneyBackDays: 30,
	governingLaw: 'Texas',
} as const

const c = legalConstants

export function privacyPolicy({ brandName, contactEmail }: LegalContext): LegalDocument {
	return {
		title: 'Privacy Policy',
		lastUpdated: LEGAL_LAST_UPDATED,
		intro: [
			`This policy explains what information ${brandName} collects when you use our website and platform, how we use it, how long we keep it and the choices you have. Your data is encrypted and never sold or shared.`,
		],
		sections: [
			{
				id: 'information-we-collect',
				title: 'Information We Collect',
				paragraphs: ['We collect only what we need to run the service and answer you:'],
				list: [
					'Account information: your name, email address and company name.',
					'Portfolio information: the domains you import or add, their registrars, expiry dates and settings.',
					'Messages you send us: contact messages, beta applications, waitlist and newsletter sign-ups.',
					'Usage information: pages visited and features used, collected without advertising trackers.',
				],
			},
			{
				id: 'website-analytics',
				title: 'Website Analytics',
				paragraphs: [
					'This website counts visits with its own analytics. It sets no cookie and stores nothing in your browser. For each page you view it records the page, the name of the website whose link brought you here (only its name, such as news.example.com, never the full address) and the campaign named in that link (utm_source, utm_medium, utm_campaign or ref), and nothing else from the address.',
					'To count you once a day without knowing who you are, it makes a code from your network address and browser with a secret that changes every day; the secret is deleted the next day and the address is never kept, so the code cannot be traced back to you.',
					'When you send one of our forms from a page whose address names a campaign, we keep that campaign with your message. Otherwise we use that same code to find the pages viewed that day from your network address with your browser, and keep with your message the page you arrived on and the website or campaign that brought you (people who share a network address and the same browser share that code). If you turn on Do Not Track or Global Privacy Control, or your browser runs no JavaScript, no page views are counted, and your message keeps only the address of the page you sent it from.',
					`Page views are deleted after ${c.analyticsRetentionDays} days. Daily totals, which hold no code and nothing about any one person, are kept for up to two years.`,
				],
			},
			{
				id: 'how-we-use-information',
				title: 'How We Use Information',
				paragraphs: [
					'We use your information to provide and improve the service, to launch, verify and warm the domains you choose, to answer your questions, to send the emails you asked for and to keep the platform secure.',
				],
			},
			{
				id: 'sharing',
				title: 'We Never Sell or Share Your Data',
				paragraphs: [
					'We never sell your data and never share it with advertisers or data brokers. Service providers that host or operate parts of the platform for us process data only on our instructions and under confidentiality obligations. We disclose information only when the law requires it.',
				],
			},
			{
				id: 'security',
				title: 'Data Security',
				paragraphs: [
					'Your data is encrypted in transit and at rest. Access is limited to the people who need it to run the service, and our controls follow the SOC 2 Type II framework.',
				],
			},
			{
				id: 'retention',
				title: 'Data Retention',
				paragraphs: [
					`We keep account data for the life of your account plus ${c.accountRetentionYearsAfterClosure} years, and communication logs for ${c.communicationLogRetentionYears} years. After that we delete or anonymise it.`,
				],
			},
			{
				id: 'your-rights',
				title: 'Your Rights',
				paragraphs: [
					'You may access, correct, export or delete your personal data, and withdraw consent to emails at any time with the unsubscribe link or by writing to us.',
				],
			},
			{
				id: 'cookies',
				title: 'Cookies',
				paragraphs: ['Our cookie policy explains which cookies this website sets.'],
				links: [{ label: 'Read the Cookie Policy', to: pagePaths.cookies }],
			},
			{
				id: 'children',
				title: "Children's Privacy",
				paragraphs: [
					`The service is not meant for children. You must be at least ${c.minimumAge} years old to use it, and we do not knowingly collect data from anyone younger.`,
				],
			},
			{
				id: 'changes',
				title: 'Changes to This Policy',
				paragraphs: [
					'When we change this policy we update the date above and, for material changes, tell account holders by email.',
				],
			},
			{
				id: 'contact',
				title: 'Contact Us',
				paragraphs: [`Questions about your privacy? Write to ${contactEmail}.`],
				links: [{ label: 'Terms of Service', to: pagePaths.terms }],
			},
		],
	}
}

export function termsOfService({ brandName, contactEmail }: LegalContext): LegalDocument {
	return {
		title: 'Terms of Service',
		lastUpdated: LEGAL_LAST_UPDATED,
		intro: [
			`These terms govern your use of the ${brandName} website and platform (the "Service"). By creating an account or using the Service you agree to them.`,
		],
		sections: [
			{
				id: 'acceptance',
				title: 'Acceptance of Terms',
				paragraphs: [
					'By using the Service you accept these terms and our Privacy Policy. If you use the Service for a company, you accept them on its behalf and confirm you may do so.',
				],
			},
			{
				id: 'eligibility',
				title: 'Eligibility',
				paragraphs: [
					`You must be at least ${c.minimumAge} years old to use the Service, and old enough in your country to enter a binding contract to buy a paid plan.`,
				],
			},
			{
				id: 'service',
				title: 'The Service',
				paragraphs: [
					'The Service helps you manage a domain portfolio, launch sites on your domains, verify matching social accounts and warm domains with content, social posts and backlinks. Features differ by plan.',
				],
			},
			{
				id: 'accounts',
				title: 'Accounts',
				paragraphs: [
					'You are responsible for your account, for keeping your credentials safe and for everything done with them. Tell us at once if you suspect unauthorised use.',
				],
			},
			{
				id: 'domain-ownership',
				title: 'Domain Ownership and Authorisation',
				paragraphs: [
					'You may only add domains that you own or are authorised to manage. You confirm that your use of each domain, including the sites and content we publish on it for you, does not infringe anyone else’s rights.',
				],
			},
			{
				id: 'acceptable-use',
				title: 'Acceptable Use',
				paragraphs: ['You agree not to use the Service to:'],
				list: [
					'publish unlawful, deceptive, hateful or infringing content;',
					'send spam or manipulate search engines or social networks against their rules;',
					'distribute malware or attack the Service or anyone else;',
					'resell the Service without our written consent.',
				],
			},
			{
				id: 'fees',
				title: 'Plans, Fees and Payment',
				paragraphs: [
					'Paid plans are billed in advance, monthly or annually. We accept cards and PayPal, ACH for annual plans and invoices for enterprise customers.',
					'Fees are non-refundable except as required by law and except for the money-back guarantee below.',
				],
			},
			{
				id: 'money-back',
				title: 'Money-Back Guarantee',
				paragraphs: [
					`Paid plans come with a ${c.moneyBackDays}-day money-back guarantee: if you ask within ${c.moneyBackDays} days of your first payment for a plan, we refund that payment.`,
				],
			},
			{
				id: 'price-changes',
				title: 'Price Changes',
				paragraphs: [
					`We notify you of price changes at least ${c.priceChangeNoticeDays} days before they take effect. The new price applies from your next billing period.`,
				],
			},
			{
				id: 'beta',
				title: 'Beta Features and Discounts',
				paragraphs: [
					'Some features, including Warming, are offered as a beta and may change. While Warming is in beta, paid plans are 50% off; accepted beta users keep 50% off for 12 months after launch.',
				],
			},
			{
				id: 'plan-changes',
				title: 'Upgrades and Downgrades',
				paragraphs: [
					'You may change plans at any time. When you downgrade, warmed domains above the new plan’s limit go into maintenance mode: they stay accessible, but no new content, posts or backlinks are created for them.',
				],
			},
			{
				id: 'launched-sites',
				title: 'Launched Sites and DNS',
				paragraphs: [
					`Launched sites are served while your domain points to the Service. After you remove a domain from the Service, you must update its DNS records within ${c.dnsUpdateDaysAfterRemoval} days.`,
				],
			},
			{
				id: 'warm-content',
				title: 'Warm Tier Content',
				paragraphs: [
					'On the Warm tier, blog content is published twice monthly on each warmed domain. You may review, edit or unpublish that content at any time.',
				],
			},
			{
				id: 'social-accounts',
				title: 'Social Account Connections',
				paragraphs: [
					'When you connect a social account through OAuth, you authorise us to verify it and, if you turn on auto-posting, to publish on it for you. You can disconnect an account at any time. Your use of each network stays subject to its own terms.',
				],
			},
			{
				id: 'your-content',
				title: 'Your Content',
				paragraphs: [
					'You keep ownership of the content you provide. You grant us a licence to host, display and adapt it only as needed to run the Service for you.',
				],
			},
			{
				id: 'moderation',
				title: 'Community Chat and Moderation',
				paragraphs: [
					'We may moderate chat and community spaces, and remove content or suspend access that breaks these terms or harms other members.',
				],
			},
			{
				id: 'analytics',
				title: 'Analytics Data',
				paragraphs: [
					`Traffic analytics for your launched sites are kept for ${c.analyticsRetentionDays} days and then deleted.`,
				],
			},
			{
				id: 'privacy',
				title: 'Privacy',
				paragraphs: ['Our Privacy Policy explains how we collect and protect personal data.'],
				links: [{ label: 'Read the Privacy Policy', to: pagePaths.privacy }],
			},
			{
				id: 'intellectual-property',
				title: 'Intellectual Property',
				paragraphs: [
					`The Service, its software, themes and brand belong to ${brandName} and its licensors. These terms give you no rights to them beyond using the Service.`,
				],
			},
			{
				id: 'third-parties',
				title: 'Third-Party Services',
				paragraphs: [
					'The Service works with registrars, social networks and other providers. We are not responsible for their services, availability or changes to their rules.',
				],
			},
			{
				id: 'termination',
				title: 'Cancellation and Termination',
				paragraphs: [
					'You can cancel anytime; your plan runs until the end of the paid period. We may suspend or close accounts that break these terms, with notice where the law requires it.',
				],
			},
			{
				id: 'disclaimers',
				title: 'Disclaimers',
				paragraphs: [
					'The Service is provided "as is". We do not promise that any domain will gain traffic, followers, value or a buyer. Estimates of value are illustrations, not appraisals.',
				],
			},
			{
				id: 'liability',
				title: 'Limitation of Liability',
				paragraphs: [
					`To the extent the law allows, our total liability for any claim is limited to the fees you paid us in the ${c.liabilityCapMonths} months before the claim, and we are not liable for indirect or consequential losses.`,
				],
			},
			{
				id: 'indemnification',
				title: 'Indemnification',
				paragraphs: [
					'You will defend and indemnify us against claims arising from your content, your domains or your breach of these terms.',
				],
			},
			{
				id: 'arbitration',
				title: 'Dispute Resolution and Arbitration',
				paragraphs: [
					`Disputes are resolved by binding individual arbitration rather than in court, except small-claims matters. You may opt out of arbitration by writing to us within ${c.arbitrationOptOutDays} days of first accepting these terms.`,
				],
			},
			{
				id: 'governing-law',
				title: 'Governing Law',
				paragraphs: [`These terms are governed by the laws of the State of ${c.governingLaw}, United States.`],
			},
			{
				id: 'changes-and-contact',
				title: 'Changes and Contact',
				paragraphs: [
					`We may update these terms; for material changes we notify account holders before they take effect. Questions? Write to ${contactEmail}.`,
				],
			},
		],
	}
}

export function cookiePolicy({ brandName }: LegalContext): LegalDocument {
	return {
		title: 'Cookie Policy',
		lastUpdated: LEGAL_LAST_UPDATED,
		intro: [`This policy explains which cookies the ${brandName} website sets and how you can control them.`],
		sections: [
			{
				id: 'cookies-we-set',
				title: 'Cookies This Website Sets',
				paragraphs: [
					'None. This website sets no cookies: no session cookies, no analytics cookies and no advertising cookies.',
				],
			},
			{
				id: 'embedded-content',
				title: 'Embedded Boards and Widgets',
				paragraphs: [
					'Some pages embed content from other providers, such as the roadmap board, the reviews widget and the help center. Those providers may set their own cookies under their own policies when their content loads.',
				],
			},
			{
				id: 'application',
				title: 'The Application',
				paragraphs: [
					'Signing in happens on our separate application host, which uses the cookies it needs to keep you signed in. They are not set by this website.',
				],
			},
			{
				id: 'control',
				title: 'Controlling Cookies',
				paragraphs: [
					'Your browser lets you block or delete cookies at any time. Blocking them does not affect this website.',
				],
			},
			{
				id: 'more',
				title: 'More Information',
				paragraphs: ['Our Privacy Policy and Terms of Service explain how we handle your data.'],
				links: [
					{ label: 'Privacy Policy', to: pagePaths.privacy },
					{ label: 'Terms of Service', to: pagePaths.terms },
				],
			},
		],
	}
}
