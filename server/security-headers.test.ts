import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, widgetSources } from './security-headers.ts'

const directive = (policy: string, name: string) =>
	policy
		.split('; ')
		.find((part) => part.startsWith(`${name} `))
		?.split(' ')
		.slice(1)

describe('content security policy', () => {
	it('allows only the site itself and the nonce when no widget is configured', () => {
		const policy = contentSecurityPolicy({ nonce: 'abc' }, widgetSources({}))
		expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc'"])
		expect(directive(policy, 'connect-src')).toEqual(["'self'"])
		expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:'])
		expect(directive(policy, 'frame-src')).toEqual(["'none'"])
	})

	it('adds exactly the configured widget and roadmap origins, once each', () => {
		const policy = contentSecurityPolicy(
			{ nonce: 'abc' },
			widgetSources({
				REVIEWS_WIDGET_SCRIPT_URL: 'https://widget.reviews.example/v2/embed.js?x=1',
				HELP_CENTER_SCRIPT_URL: 'https://kb.example:8443/widget.js',
				ROADMAP_URL: 'https://roadmap.example/board/public',
			}),
		)
		const widgets = ['https://widget.reviews.example', 'https://kb.example:8443']
		expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc'", ...widgets])
		expect(directive(policy, 'connect-src')).toEqual(["'self'", ...widgets])
		expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', ...widgets])
		expect(directive(policy, 'frame-src')).toEqual(['https://roadmap.example', ...widgets])
		expect(directive(policy, 'default-src')).toEqual(["'self'"])
	})

	it('frames only the roadmap host when it is the only one configured, and dedupes shared origins', () => {
		const policy = contentSecurityPolicy(
			{ nonce: 'n' },
			widgetSources({
				REVIEWS_WIDGET_SCRIPT_URL: 'https://cdn.example/reviews.js',
				HELP_CENTER_SCRIPT_URL: 'https://cdn.example/kb.js',
			}),
		)
		expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-n'", 'https://cdn.example'])
		expect(
			directive(
				contentSecurityPolicy({ nonce: 'n' }, widgetSources({ ROADMAP_URL: 'https://r.example/x' })),
				'frame-src',
			),
		).toEqual(['https://r.example'])
		expect(
			directive(
				contentSecurityPolicy({ nonce: 'n' }, widgetSources({ ROADMAP_URL: 'https://r.example/x' })),
				'script-src',
			),
		).toEqual(["'self'", "'nonce-n'"])
	})
})
