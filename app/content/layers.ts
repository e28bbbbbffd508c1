/** The four-layer system of spec section 1, shown on the home hero and on /how-it-works. */
export type Layer = {
	key: 'manage' | 'launch' | 'verify' | 'warm'
	name: string
	title: string
	tier: string
	summary: string
	features: string[]
	note?: string
}

export const layers: Layer[] = [
	{
		key: 'manage',
		name: 'Manage',
		title: 'Portfolio Dashboard',
		tier: 'Free forever',
		summary: 'One dashboard for every domain you own, wherever it is registered.',
		features: [
			'One dashboard for all domains',
			'CSV import from any registrar',
			'Unified expiration tracking and alerts',
			'Value monitoring',
			'Transfer management',
			'Analytics',
		],
	},
	{
		key: 'launch',
		name: 'Launch',
		title: 'Launch Your Domains',
		tier: 'Essential',
		summary: 'Professional sites replace parking pages, so every domain says what it could become.',
		features: [
			'Professional sites replace parking pages',
			'A status of Building, Open or Selling',
			'Themes',
			'Contact forms and inquiries',
			'SEO-ready pages',
			'Custom branding',
		],
	},
	{
		key: 'verify',
		name: 'Verify',
		title: 'Verify and Amplify',
		tier: 'Pro feature',
		summary: 'Claim the matching social handles and prove to buyers that the name is yours.',
		features: [
			'OAuth verification for LinkedIn and Twitter/X',
			'Auto-post to verified accounts',
			'Verification badges for Facebook and Pinterest',
		],
	},
	{
		key: 'warm',
		name: 'Warm',
		title: 'Warm Your Winners',
		tier: 'Premium',
		summary: 'Give your best names a story, a voice and a trail of links that search engines and AI can follow.',
		features: ['AI-generated idea stories and content', 'Automated social posts', 'Backlink building'],
		note: 'In beta at 50% off until launch.',
	},
]
